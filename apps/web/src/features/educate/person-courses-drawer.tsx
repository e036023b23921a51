import Drawer from '@arco-design/web-react/es/Drawer';
import Progress from '@arco-design/web-react/es/Progress';
import Table from '@arco-design/web-react/es/Table';
import type { Course } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { educateKeys, fetchCoursesOf, type PersonCoursesFilter } from './educate-api';
import { fieldLabel } from './educate-labels';
import { StatusTag } from './status-tag';

export interface PersonRef {
  kind: 'student' | 'teacher';
  id: number;
  name: string;
}

/** A student's courses, or a teacher's: opened from the row of either list. */
export function PersonCoursesDrawer({ person, onClose }: { person: PersonRef | null; onClose: () => void }) {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const filter: PersonCoursesFilter = person ? (person.kind === 'student' ? { studentId: person.id } : { teacherId: person.id }) : {};
  const courses = useQuery({
    queryKey: educateKeys.personCourses(camId, filter),
    queryFn: () => fetchCoursesOf(filter),
    enabled: person !== null,
  });
  const title = person ? t(person.kind === 'student' ? 'educate.studentCourses' : 'educate.teacherCourses', { name: person.name }) : '';
  return (
    <Drawer visible={person !== null} title={title} width={640} footer={null} onCancel={onClose} unmountOnExit>
      <Table<Course>
        rowKey="id"
        size="small"
        border={false}
        loading={courses.isFetching}
        data={courses.data?.list ?? []}
        pagination={false}
        noDataElement={<span className="list-muted">{courses.isError ? courses.error.message : t('educate.noCourses')}</span>}
        columns={[
          { title: fieldLabel(t, 'course', 'code'), dataIndex: 'code', width: 110 },
          { title: fieldLabel(t, 'course', 'name'), dataIndex: 'name' },
          {
            title: fieldLabel(t, 'course', 'enrolled'),
            dataIndex: 'enrolled',
            width: 150,
            render: (_: unknown, c: Course) => (
              <Progress
                size="small"
                percent={Math.round((c.enrolled / Math.max(c.capacity, 1)) * 100)}
                formatText={() => `${c.enrolled}/${c.capacity}`}
              />
            ),
          },
          {
            title: fieldLabel(t, 'course', 'status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <StatusTag set="courseStatus" value={s} />,
          },
        ]}
      />
    </Drawer>
  );
}
