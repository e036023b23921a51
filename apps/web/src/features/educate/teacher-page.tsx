import { PlannedPage } from '../../lib/page-frame';

export function TeacherPage() {
  return <PlannedPage titleKey="menu.educate.teacher" descKey="page.teacher.desc" />;
}
