import Card from '@arco-design/web-react/es/Card';
import Descriptions from '@arco-design/web-react/es/Descriptions';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import type { TeacherCourse, TeacherProfile } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import '../../lib/list-page/list-messages';
import '../../lib/ops-messages';
import { useSessionStore } from '../../lib/session';
import { isProfileId, ProfileFrame, ProfileHead, useProfileId } from './profile-frame';
import { fieldLabel } from './educate-labels';
import { fetchTeacherProfile, profileKeys, saveProfileCsv } from './profile-api';
import { ProfileHistory, ProfileTimetable } from './profile-parts';
import './profile.css';
import './schedule-messages';
import { StatusTag } from './status-tag';
import './timetable-page.css';

/** Everything about one teacher: details, the courses they teach in every term, this week's lessons, history; print and export. */
export function TeacherProfilePage() {
  const teacherId = useProfileId();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const profile = useQuery({
    queryKey: profileKeys.teacher(camId, teacherId),
    queryFn: () => fetchTeacherProfile(teacherId),
    enabled: isProfileId(teacherId),
  });
  return (
    <ProfileFrame titleKey="menu.educate.teacherProfile" backTo="/educate/teacher" profile={profile}>
      {(data) => <TeacherProfileBody key={data.teacher.id} data={data} />}
    </ProfileFrame>
  );
}

function TeacherProfileBody({ data }: { data: TeacherProfile }) {
  const t = useT();
  const p = data.teacher;
  const label = (field: string) => fieldLabel(t, 'teacher', field);
  const orNone = (v: string | null | undefined) => (v ? v : '—');
  const hours = (minutes: number) => String(Math.round((minutes / 60) * 10) / 10);
  const details = [
    [label('staffNo'), p.staffNo],
    [label('gender'), t(`value.gender.${p.gender}`)],
    [label('subject'), orNone(p.subject)],
    [label('title'), orNone(p.title)],
    [label('status'), t(`value.staffStatus.${p.status}`)],
    [label('hireDate'), orNone(p.hireDate)],
    [label('phone'), orNone(p.phone)],
    [label('email'), orNone(p.email)],
    [t('profile.nativePlace'), orNone(data.regionName)],
    [t('profile.address'), orNone(p.address)],
  ] as const;

  const exportCsv = () => {
    const rows: string[][] = [
      ...details.map(([k, v]) => [t('profile.section.details'), k, v]),
      ...data.courses.map((c) => [
        t('profile.section.teaching'),
        `${c.courseCode} ${c.courseName}`,
        `${c.termName} · ${c.enrolled}/${c.capacity} · ${hours(c.weeklyMinutes)}`,
      ]),
    ];
    showSuccess(t('profile.exported', { file: saveProfileCsv(`teacher-${p.staffNo}.csv`, rows) }));
  };

  return (
    <div className="profile-page">
      <ProfileHead
        title={
          <>
            {p.name} <StatusTag set="staffStatus" value={p.status} />
          </>
        }
        sub={`${p.staffNo}${p.subject || p.title ? ` · ${[p.subject, p.title].filter(Boolean).join(' ')}` : ''}`}
        onExport={exportCsv}
      />

      <Card bordered={false}>
        <h2 className="profile-section-title">{t('profile.section.details')}</h2>
        <Descriptions column={{ xs: 1, md: 2, lg: 3 }} data={details.map(([k, v]) => ({ label: k, value: v }))} />
      </Card>

      <Card bordered={false} className="profile-courses">
        <h2 className="profile-section-title">{t('profile.section.teaching')}</h2>
        <Table<TeacherCourse>
          rowKey="courseId"
          data={data.courses}
          border={false}
          pagination={false}
          noDataElement={<span>{t('profile.teaching.empty')}</span>}
          columns={[
            {
              title: t('profile.col.course'),
              dataIndex: 'courseName',
              render: (_: unknown, c) => `${c.courseCode} ${c.courseName}`,
            },
            {
              title: t('profile.col.term'),
              dataIndex: 'termName',
              render: (_: unknown, c) => (
                <span>
                  {c.termName} {c.isCurrentTerm && <Tag color="arcoblue">{t('profile.current')}</Tag>}
                </span>
              ),
            },
            {
              title: t('profile.col.students'),
              dataIndex: 'enrolled',
              width: 100,
              render: (_: unknown, c) => `${c.enrolled} / ${c.capacity}`,
            },
            {
              title: t('profile.col.weeklyHours'),
              dataIndex: 'weeklyMinutes',
              width: 110,
              render: (_: unknown, c) => hours(c.weeklyMinutes),
            },
            {
              title: t('profile.col.status'),
              dataIndex: 'courseStatus',
              width: 110,
              render: (_: unknown, c) => t(`value.courseStatus.${c.courseStatus}`),
            },
          ]}
        />
      </Card>

      <ProfileTimetable kind="teacher" id={p.id} name={p.name} />
      <ProfileHistory kind="teacher" id={p.id} />
    </div>
  );
}
