import { PlannedPage } from '../../lib/page-frame';

export function PermPage() {
  return <PlannedPage titleKey="menu.system.perm" descKey="page.perm.desc" />;
}
