import { PlannedPage } from '../../lib/page-frame';

export function RolePage() {
  return <PlannedPage titleKey="menu.system.role" descKey="page.role.desc" />;
}
