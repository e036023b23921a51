import { PlannedPage } from '../../lib/page-frame';

export function DeptPage() {
  return <PlannedPage titleKey="menu.system.dept" descKey="page.dept.desc" />;
}
