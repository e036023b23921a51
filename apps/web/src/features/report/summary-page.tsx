import { PlannedPage } from '../../lib/page-frame';

export function SummaryPage() {
  return <PlannedPage titleKey="menu.report.summary" descKey="page.summary.desc" />;
}
