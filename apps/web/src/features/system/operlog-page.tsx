import { PlannedPage } from '../../lib/page-frame';

export function OperLogPage() {
  return <PlannedPage titleKey="menu.system.operLog" descKey="page.operLog.desc" />;
}
