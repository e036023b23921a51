import Button from '@arco-design/web-react/es/Button';
import Progress from '@arco-design/web-react/es/Progress';
import { IconPlus } from '@arco-design/web-react/icon';
import { COURSE_SORTS, Perm, type Course } from '@campus/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { ExportButton } from '../../lib/list-page/export-button';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { Permission } from '../../lib/permission';
import { CourseStudentsDrawer } from './course-students-drawer';
import { COURSE_PAGE_KEY, courseApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { StatusTag } from './status-tag';
import { useCourseOptions } from './use-course-options';
import './course.css';
import { PersonLink } from '../../lib/person-link';

const COURSE_DELETE = Perm.courseDelete;

export function CoursePage() {
  const t = useT();
  const navigate = useNavigate();
  const refresh = useRefreshList(COURSE_PAGE_KEY);
  const options = useCourseOptions();
  const [studentsOf, setStudentsOf] = useState<Course | null>(null);
  const label = (field: string) => fieldLabel(t, 'course', field);

  const columns: ListColumn<Course>[] = [
    { key: 'code', title: label('code'), width: 100 },
    { key: 'name', title: label('name'), width: 150, isWrapping: true },
    { key: 'termId', title: label('termId'), width: 160, render: (c) => options.termName(c.termId) },
    {
      key: 'teacherId',
      title: label('teacherId'),
      width: 84,
      render: (c) => <PersonLink kind="teacher" id={c.teacherId} name={options.teacherName(c.teacherId)} />,
    },
    {
      key: 'enrolled',
      title: label('enrolled'),
      width: 130,
      render: (c) => (
        <div className="list-capacity" data-progress-label={`${label('enrolled')} ${c.enrolled}/${c.capacity}`}>
          <Progress
            size="small"
            percent={Math.min(100, Math.round((c.enrolled / Math.max(c.capacity, 1)) * 100))}
            status={c.enrolled >= c.capacity ? 'warning' : 'normal'}
            formatText={() => `${c.enrolled}/${c.capacity}`}
          />
        </div>
      ),
    },
    { key: 'capacity', title: label('capacity'), width: 90, isHiddenByDefault: true },
    { key: 'credits', title: label('credits'), width: 60, isHiddenByDefault: true },
    { key: 'hours', title: label('hours'), width: 80, isHiddenByDefault: true },
    { key: 'status', title: label('status'), width: 90, render: (c) => <StatusTag set="courseStatus" value={c.status} /> },
  ];

  return (
    <>
      <ListPage<Course>
        pageKey={COURSE_PAGE_KEY}
        titleKey="menu.educate.course"
        fetchPage={courseApi.fetchPage}
        columns={columns}
        sortFields={COURSE_SORTS}
        keywordPlaceholder={t('educate.course.keyword')}
        filters={[
          { name: 'termId', label: label('termId'), options: options.termOptions },
          { name: 'teacherId', label: label('teacherId'), options: options.teacherOptions },
          { name: 'status', label: label('status'), options: valueOptions(t, 'courseStatus') },
        ]}
        describeRow={(c) => `${c.name} (${c.code})`}
        deletion={{ perms: [COURSE_DELETE], remove: courseApi.remove, removeMany: courseApi.removeMany }}
        actionsWidth={200}
        rowActions={(c) => (
          <>
            <Permission perms={[Perm.courseEdit]}>
              <Button type="text" size="mini" onClick={() => void navigate(`/educate/course/${c.id}/edit`)}>
                {t('list.edit')}
              </Button>
            </Permission>
            <Button type="text" size="mini" onClick={() => setStudentsOf(c)}>
              {t('educate.course.students')}
            </Button>
            <Permission perms={[Perm.scheduleList]}>
              <Button type="text" size="mini" onClick={() => void navigate(`/educate/course/${c.id}/schedule`)}>
                {t('educate.course.schedule')}
              </Button>
            </Permission>
          </>
        )}
        toolbar={(query) => (
          <>
            <Permission perms={[Perm.courseAdd]}>
              <Button type="primary" icon={<IconPlus />} onClick={() => void navigate('/educate/course/add')}>
                {t('common.add')}
              </Button>
            </Permission>
            <Permission perms={[Perm.courseExport]}>
              <ExportButton path={courseApi.path} query={query} fileName="courses" />
            </Permission>
          </>
        )}
      />
      <CourseStudentsDrawer course={studentsOf} onClose={() => setStudentsOf(null)} onChanged={() => void refresh()} />
    </>
  );
}
