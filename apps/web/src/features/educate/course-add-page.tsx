import { PageFrame } from '../../lib/page-frame';
import { CourseForm } from './course-form';

export function CourseAddPage() {
  return (
    <PageFrame titleKey="menu.educate.courseAdd">
      <CourseForm course={null} />
    </PageFrame>
  );
}
