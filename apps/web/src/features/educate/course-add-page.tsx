import { PlannedPage } from '../../lib/page-frame';

export function CourseAddPage() {
  return <PlannedPage titleKey="menu.educate.courseAdd" descKey="page.courseAdd.desc" />;
}
