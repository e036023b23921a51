import { PlannedPage } from '../../lib/page-frame';

export function MenuPage() {
  return <PlannedPage titleKey="menu.system.menu" descKey="page.menu.desc" />;
}
