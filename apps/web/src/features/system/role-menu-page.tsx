import { useParams } from 'react-router';
import { PlannedPage } from '../../lib/page-frame';

export function RoleMenuPage() {
  const { id = '' } = useParams();
  return <PlannedPage titleKey="menu.system.roleMenu" descKey="page.roleMenu.desc" params={{ id }} />;
}
