import { PlannedPage } from '../../lib/page-frame';

export function ManagerPage() {
  return <PlannedPage titleKey="menu.educate.manager" descKey="page.manager.desc" />;
}
