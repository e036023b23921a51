import Card from '@arco-design/web-react/es/Card';
import Descriptions from '@arco-design/web-react/es/Descriptions';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import Table from '@arco-design/web-react/es/Table';
import { Perm, type ClassOverview, type Student } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { Permission, usePermission } from '../../lib/permission';
import { classKeys, fetchClassOverview, useClassChoices } from './class-api';
import { educateKeys, studentApi } from './educate-api';
import { fetchTimetable } from './schedule-api';
import { TimetableBody } from './timetable-view';
import { fieldLabel } from './educate-labels';
import '../../lib/list-page/list-messages';

type CourseRow = ClassOverview['courses'][number];

/** One class: grade, head teacher, room and head count; its students by status; its timetable; the courses they take; its students. */
export function ClassDetailPage() {
  const t = useT();
  const id = Number(useParams().id);
  const { camId } = useClassChoices();
  const can = usePermission();
  const timetable = useQuery({
    queryKey: educateKeys.timetable(camId, 'class', id, undefined),
    queryFn: () => fetchTimetable({ kind: 'class', id }),
    enabled: id > 0 && can([Perm.scheduleList]),
  });
  const overview = useQuery({ queryKey: classKeys.overview(camId, id), queryFn: () => fetchClassOverview(id), enabled: id > 0 });
  const students = useQuery({
    queryKey: [...classKeys.overview(camId, id), 'students'],
    queryFn: () => studentApi.fetchPage({ page: 1, pageSize: 200, sort: 'studentNo:asc', filters: { classId: String(id) } }),
    enabled: id > 0,
  });
  const c = overview.data?.class;
  const title = c ? `${c.gradeName} ${c.name}` : '';

  return (
    <PageFrame titleKey="menu.educate.classDetail" extra={<strong>{title}</strong>}>
      {overview.isLoading && <Spin />}
      {overview.isError && <Empty description={overview.error.message} />}
      {c && overview.data && (
        <>
          <Descriptions
            column={3}
            border
            data={[
              { label: t('field.class.gradeId'), value: c.gradeName },
              { label: t('field.class.name'), value: c.name },
              { label: t('field.class.headTeacherId'), value: c.headTeacherName ?? '—' },
              { label: t('field.class.roomId'), value: c.roomName ?? '—' },
              { label: t('field.class.schoolYear'), value: c.schoolYear || '—' },
              { label: t('educate.class.studentCount'), value: `${c.studentCount}${c.capacity ? ` / ${c.capacity}` : ''}` },
              { label: t('field.class.status'), value: t(`educate.class.status.${c.status}`) },
              ...overview.data.byStatus.map((s) => ({ label: t(`value.studentStatus.${s.status}`), value: String(s.count) })),
            ]}
          />
          <Permission perms={[Perm.scheduleList]}>
            <Card title={t('educate.class.timetable')} bordered={false} className="class-timetable">
              {timetable.isError ? (
                <Empty description={timetable.error.message} />
              ) : timetable.data ? (
                <TimetableBody data={timetable.data} isEmbedded />
              ) : (
                <Spin />
              )}
            </Card>
          </Permission>
          <Card title={t('educate.class.courses')} bordered={false}>
            <Table<CourseRow>
              rowKey="id"
              size="small"
              pagination={false}
              noDataElement={<Empty description={t('educate.class.noCourses')} />}
              data={overview.data.courses}
              columns={[
                { title: fieldLabel(t, 'course', 'code'), dataIndex: 'code', width: 140 },
                { title: fieldLabel(t, 'course', 'name'), dataIndex: 'name' },
                { title: fieldLabel(t, 'course', 'teacherId'), dataIndex: 'teacherName', width: 160 },
                { title: fieldLabel(t, 'course', 'termId'), dataIndex: 'termName', width: 200 },
                { title: t('educate.class.enrolled'), dataIndex: 'enrolled', width: 140 },
              ]}
            />
          </Card>
          <Card title={t('educate.class.students')} bordered={false}>
            <Table<Student>
              rowKey="id"
              size="small"
              pagination={false}
              loading={students.isLoading}
              noDataElement={<Empty description={t('educate.class.noStudents')} />}
              data={students.data?.list ?? []}
              columns={[
                { title: fieldLabel(t, 'student', 'studentNo'), dataIndex: 'studentNo', width: 160 },
                { title: fieldLabel(t, 'student', 'name'), dataIndex: 'name' },
                {
                  title: fieldLabel(t, 'student', 'gender'),
                  dataIndex: 'gender',
                  width: 100,
                  render: (g: string) => t(`value.gender.${g}`),
                },
                {
                  title: fieldLabel(t, 'student', 'status'),
                  dataIndex: 'status',
                  width: 120,
                  render: (s: string) => t(`value.studentStatus.${s}`),
                },
              ]}
            />
          </Card>
        </>
      )}
    </PageFrame>
  );
}
