import { PlannedPage } from '../../lib/page-frame';

export function ResetPasswordPage() {
  return <PlannedPage titleKey="menu.system.resetPassword" descKey="page.resetPassword.desc" />;
}
