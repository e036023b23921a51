import { PlannedPage } from '../../lib/page-frame';

export function CoursePage() {
  return <PlannedPage titleKey="menu.educate.course" descKey="page.course.desc" />;
}
