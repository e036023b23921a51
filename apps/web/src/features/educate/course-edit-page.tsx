import { useParams } from 'react-router';
import { PlannedPage } from '../../lib/page-frame';

export function CourseEditPage() {
  const { id = '' } = useParams();
  return <PlannedPage titleKey="menu.educate.courseEdit" descKey="page.courseEdit.desc" params={{ id }} />;
}
