import { ErrorResult } from '../../lib/error-result';
import Spin from '@arco-design/web-react/es/Spin';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { useSessionStore } from '../../lib/session';
import { CourseForm } from './course-form';
import { courseApi, educateKeys } from './educate-api';

export function CourseEditPage() {
  const t = useT();
  const { id = '' } = useParams();
  const courseId = Number(id);
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const course = useQuery({
    queryKey: educateKeys.course(camId, courseId),
    queryFn: () => courseApi.fetchOne(courseId),
    enabled: Number.isInteger(courseId) && courseId > 0,
  });
  return (
    <PageFrame titleKey="menu.educate.courseEdit">
      {course.isError ? (
        <ErrorResult status="404" title={t('form.loadFailed')} subTitle={course.error.message} />
      ) : course.data ? (
        // Keyed so a campus switch or a refetch of another course starts a fresh form.
        <CourseForm key={course.data.id} course={course.data} />
      ) : (
        <Spin loading block style={{ width: '100%', minHeight: 240 }} />
      )}
    </PageFrame>
  );
}
