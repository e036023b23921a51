import { PlannedPage } from '../../lib/page-frame';

export function UserPage() {
  return <PlannedPage titleKey="menu.system.user" descKey="page.user.desc" />;
}
