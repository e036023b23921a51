import { Perm } from '@campus/contract';
import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Drawer from '@arco-design/web-react/es/Drawer';
import Input from '@arco-design/web-react/es/Input';
import Progress from '@arco-design/web-react/es/Progress';
import Space from '@arco-design/web-react/es/Space';
import Table from '@arco-design/web-react/es/Table';
import type { Course } from '@campus/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirm, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { PagedSelect } from '../../lib/paged-select';
import { Permission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { courseApi, dropStudents, educateKeys, enrolStudents, fetchEnrolled, studentPicker, type EnrolledStudent } from './educate-api';
import { fieldLabel } from './educate-labels';
import { PersonLink } from '../../lib/person-link';

const ENROL_PERM = Perm.courseEnrol;

/** A course's students: capacity at a glance, a searchable picker to enrol, drop per row. */
export function CourseStudentsDrawer({
  course,
  onClose,
  onChanged,
}: {
  course: Course | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const courseId = course?.id ?? 0;
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [failure, setFailure] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  const detail = useQuery({
    queryKey: educateKeys.course(camId, courseId),
    queryFn: () => courseApi.fetchOne(courseId),
    enabled: course !== null,
  });
  const enrolled = useQuery({
    queryKey: educateKeys.enrolledPage(camId, courseId, page, keyword),
    queryFn: () => fetchEnrolled(courseId, page, keyword),
    enabled: course !== null,
    placeholderData: keepPreviousData,
  });

  const current = detail.data ?? course;
  const capacity = current?.capacity ?? 0;
  const count = current?.enrolled ?? 0;
  const percent = capacity > 0 ? Math.min(100, Math.round((count / capacity) * 100)) : 0;

  const afterChange = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: educateKeys.course(camId, courseId) }),
      queryClient.invalidateQueries({ queryKey: educateKeys.enrolled(camId, courseId) }),
    ]);
    onChanged();
  };

  const enrol = async () => {
    if (picked.length === 0) return;
    setFailure('');
    setIsBusy(true);
    try {
      await enrolStudents(courseId, picked);
      showSuccess(t('educate.enrol.done', { count: picked.length }));
      setPicked([]);
      await afterChange();
    } catch (error) {
      // 409 says why: full, or who is enrolled already.
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setIsBusy(false);
    }
  };

  const drop = (s: EnrolledStudent) =>
    openConfirm({
      title: t('educate.enrol.dropTitle'),
      content: t('educate.enrol.dropContent', { name: s.name }),
      okText: t('educate.enrol.drop'),
      cancelText: t('common.cancel'),
      onOk: () => {
        dropStudents(courseId, [s.id])
          .then(() => {
            showSuccess(t('educate.enrol.dropped'));
            return afterChange();
          })
          .catch(() => undefined);
      },
    });

  return (
    <Drawer
      visible={course !== null}
      width={720}
      title={course ? t('educate.course.studentsTitle', { name: course.name }) : ''}
      footer={null}
      onCancel={() => {
        setFailure('');
        setPicked([]);
        onClose();
      }}
      unmountOnExit
    >
      <div className="course-capacity">
        <div className="course-capacity-text">
          {t('educate.course.capacity', { enrolled: count, capacity })}
          {count >= capacity && capacity > 0 && <span className="course-full"> · {t('educate.course.full')}</span>}
        </div>
        <Progress
          percent={percent}
          status={count >= capacity ? 'warning' : 'normal'}
          formatText={() => `${count}/${capacity}`}
          aria-label={t('educate.course.capacity', { enrolled: count, capacity })}
        />
      </div>
      <Permission perms={[ENROL_PERM]}>
        <Space className="course-enrol" align="start">
          <PagedSelect
            {...studentPicker}
            queryKey={[...studentPicker.queryKey, camId]}
            mode="multiple"
            ariaLabel={t('educate.enrol.picker')}
            placeholder={t('educate.enrol.picker')}
            style={{ width: 440 }}
            value={picked}
            onChange={(value) => setPicked(Array.isArray(value) ? value : [])}
            allowClear
          />
          <Button type="primary" loading={isBusy} disabled={picked.length === 0} onClick={() => void enrol()}>
            {t('educate.enrol.add')}
          </Button>
        </Space>
      </Permission>
      {failure && <Alert type="error" content={failure} style={{ margin: '12px 0' }} closable onClose={() => setFailure('')} />}
      <Input.Search
        className="course-enrolled-search"
        aria-label={t('common.keyword')}
        placeholder={t('educate.student.keyword')}
        allowClear
        onSearch={(value) => {
          setPage(1);
          setKeyword(value);
        }}
        style={{ width: 260, margin: '12px 0' }}
      />
      <Table<EnrolledStudent>
        rowKey="id"
        size="small"
        border={false}
        loading={enrolled.isFetching}
        data={enrolled.data?.list ?? []}
        noDataElement={<span className="list-muted">{enrolled.isError ? enrolled.error.message : t('educate.enrol.empty')}</span>}
        pagination={{
          current: page,
          pageSize: 10,
          total: enrolled.data?.total ?? 0,
          showTotal: (total: number) => t('educate.enrol.total', { total }),
          onChange: setPage,
        }}
        columns={[
          { title: fieldLabel(t, 'student', 'studentNo'), dataIndex: 'studentNo', width: 120 },
          {
            title: fieldLabel(t, 'student', 'name'),
            dataIndex: 'name',
            width: 120,
            render: (_: unknown, s: EnrolledStudent) => <PersonLink kind="student" id={s.id} name={s.name} />,
          },
          { title: fieldLabel(t, 'student', 'className'), dataIndex: 'className', width: 110 },
          { title: t('field.enrolledAt'), dataIndex: 'enrolledAt', width: 120, render: (v: string) => v.slice(0, 10) },
          {
            title: t('common.actions'),
            dataIndex: 'id',
            width: 90,
            render: (_: unknown, s: EnrolledStudent) => (
              <Permission perms={[ENROL_PERM]}>
                <Button type="text" size="mini" status="danger" onClick={() => drop(s)}>
                  {t('educate.enrol.drop')}
                </Button>
              </Permission>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
