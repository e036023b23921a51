import { useParams } from 'react-router';
import { PlannedPage } from '../../lib/page-frame';

export function RolePermPage() {
  const { id = '' } = useParams();
  return <PlannedPage titleKey="menu.system.rolePerm" descKey="page.rolePerm.desc" params={{ id }} />;
}
