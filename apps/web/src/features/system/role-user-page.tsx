import { useParams } from 'react-router';
import { PlannedPage } from '../../lib/page-frame';

export function RoleUserPage() {
  const { id = '' } = useParams();
  return <PlannedPage titleKey="menu.system.roleUser" descKey="page.roleUser.desc" params={{ id }} />;
}
