import { useParams } from 'react-router';
import { PlannedPage } from '../../lib/page-frame';

export function CourseSchedulePage() {
  const { id = '' } = useParams();
  return <PlannedPage titleKey="menu.educate.courseSchedule" descKey="page.courseSchedule.desc" params={{ id }} />;
}
