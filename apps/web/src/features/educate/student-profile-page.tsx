import Card from '@arco-design/web-react/es/Card';
import Descriptions from '@arco-design/web-react/es/Descriptions';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import type { StudentEnrolment, StudentProfile } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import '../../lib/list-page/list-messages';
import '../../lib/ops-messages';
import { PersonLink } from '../../lib/person-link';
import { useSessionStore } from '../../lib/session';
import { isProfileId, ProfileFrame, ProfileHead, useProfileId } from './profile-frame';
import { fieldLabel } from './educate-labels';
import { fetchStudentProfile, profileKeys, saveProfileCsv } from './profile-api';
import { formatStamp, ProfileHistory, ProfileTimetable } from './profile-parts';
import './profile.css';
import './schedule-messages';
import { StatusTag } from './status-tag';
import './timetable-page.css';

/** Everything about one student: details, guardian, courses of every term, this week's lessons, history; print and export. */
export function StudentProfilePage() {
  const studentId = useProfileId();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const profile = useQuery({
    queryKey: profileKeys.student(camId, studentId),
    queryFn: () => fetchStudentProfile(studentId),
    enabled: isProfileId(studentId),
  });
  return (
    <ProfileFrame titleKey="menu.educate.studentProfile" backTo="/educate/student" profile={profile}>
      {(data) => <StudentProfileBody key={data.student.id} data={data} />}
    </ProfileFrame>
  );
}

function StudentProfileBody({ data }: { data: StudentProfile }) {
  const t = useT();
  const s = data.student;
  const label = (field: string) => fieldLabel(t, 'student', field);
  const orNone = (v: string | null | undefined) => (v ? v : '—');
  const details = [
    [label('studentNo'), s.studentNo],
    [label('gender'), t(`value.gender.${s.gender}`)],
    [label('birthDate'), orNone(s.birthDate)],
    [label('grade'), orNone(s.grade)],
    [label('className'), orNone(s.className)],
    [label('status'), t(`value.studentStatus.${s.status}`)],
    [label('enrolDate'), orNone(s.enrolDate)],
    [label('phone'), orNone(s.phone)],
    [label('email'), orNone(s.email)],
    [t('profile.nativePlace'), orNone(data.regionName)],
    [t('profile.address'), orNone(s.address)],
    [label('remark'), orNone(s.remark)],
  ] as const;
  const guardian = [
    [label('guardianName'), orNone(s.guardianName)],
    [label('guardianPhone'), orNone(s.guardianPhone)],
    [label('guardianRelation'), orNone(s.guardianRelation)],
  ] as const;

  const exportCsv = () => {
    const rows: string[][] = [
      ...details.map(([k, v]) => [t('profile.section.details'), k, v]),
      ...guardian.map(([k, v]) => [t('profile.section.guardian'), k, v]),
      ...data.enrolments.map((e) => [
        t('profile.section.courses'),
        `${e.courseCode} ${e.courseName}`,
        `${e.termName} · ${e.teacherName} · ${formatStamp(e.enrolledAt)}`,
      ]),
    ];
    showSuccess(t('profile.exported', { file: saveProfileCsv(`student-${s.studentNo}.csv`, rows) }));
  };

  return (
    <div className="profile-page">
      <ProfileHead
        title={
          <>
            {s.name} <StatusTag set="studentStatus" value={s.status} />
          </>
        }
        sub={`${s.studentNo}${s.grade || s.className ? ` · ${[s.grade, s.className].filter(Boolean).join(' ')}` : ''}`}
        onExport={exportCsv}
      />

      <Card bordered={false}>
        <h2 className="profile-section-title">{t('profile.section.details')}</h2>
        <Descriptions column={{ xs: 1, md: 2, lg: 3 }} data={details.map(([k, v]) => ({ label: k, value: v }))} />
      </Card>

      <Card bordered={false}>
        <h2 className="profile-section-title">{t('profile.section.guardian')}</h2>
        <Descriptions column={{ xs: 1, md: 3 }} data={guardian.map(([k, v]) => ({ label: k, value: v }))} />
      </Card>

      <Card bordered={false} className="profile-courses">
        <h2 className="profile-section-title">{t('profile.section.courses')}</h2>
        <Table<StudentEnrolment>
          rowKey="courseId"
          data={data.enrolments}
          border={false}
          pagination={false}
          noDataElement={<span>{t('profile.courses.empty')}</span>}
          columns={[
            {
              title: t('profile.col.course'),
              dataIndex: 'courseName',
              render: (_: unknown, e) => `${e.courseCode} ${e.courseName}`,
            },
            {
              title: t('profile.col.term'),
              dataIndex: 'termName',
              render: (_: unknown, e) => (
                <span>
                  {e.termName} {e.isCurrentTerm && <Tag color="arcoblue">{t('profile.current')}</Tag>}
                </span>
              ),
            },
            {
              title: t('profile.col.teacher'),
              dataIndex: 'teacherName',
              render: (_: unknown, e) => <PersonLink kind="teacher" id={e.teacherId} name={e.teacherName} />,
            },
            { title: t('profile.col.credits'), dataIndex: 'credits', width: 80 },
            {
              title: t('profile.col.status'),
              dataIndex: 'courseStatus',
              width: 110,
              render: (_: unknown, e) => t(`value.courseStatus.${e.courseStatus}`),
            },
            {
              title: t('profile.col.enrolledAt'),
              dataIndex: 'enrolledAt',
              width: 160,
              render: (_: unknown, e) => formatStamp(e.enrolledAt),
            },
          ]}
        />
      </Card>

      <ProfileTimetable kind="student" id={s.id} name={s.name} />
      <ProfileHistory kind="student" id={s.id} />
    </div>
  );
}
