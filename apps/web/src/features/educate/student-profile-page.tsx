import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Descriptions from '@arco-design/web-react/es/Descriptions';
import Result from '@arco-design/web-react/es/Result';
import Spin from '@arco-design/web-react/es/Spin';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconDownload, IconLeft, IconPrinter } from '@arco-design/web-react/icon';
import type { StudentEnrolment, StudentProfile } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import '../../lib/list-page/list-messages';
import '../../lib/ops-messages';
import { PageFrame } from '../../lib/page-frame';
import { PersonLink } from '../../lib/person-link';
import { useSessionStore } from '../../lib/session';
import { fieldLabel } from './educate-labels';
import { fetchStudentProfile, profileKeys, saveProfileCsv } from './profile-api';
import { formatStamp, ProfileHistory, ProfileTimetable } from './profile-parts';
import './profile.css';
import './schedule-messages';
import { StatusTag } from './status-tag';
import './timetable-page.css';

/** Everything about one student: details, guardian, courses of every term, this week's lessons, history; print and export. */
export function StudentProfilePage() {
  const t = useT();
  const { id = '' } = useParams();
  const studentId = Number(id);
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const profile = useQuery({
    queryKey: profileKeys.student(camId, studentId),
    queryFn: () => fetchStudentProfile(studentId),
    enabled: Number.isInteger(studentId) && studentId > 0,
  });
  return (
    <PageFrame
      titleKey="menu.educate.studentProfile"
      extra={
        <Link to="/educate/student" className="profile-no-print">
          <IconLeft /> {t('profile.back')}
        </Link>
      }
    >
      {profile.isError ? (
        <Result status="404" title={t('profile.loadFailed')} subTitle={profile.error.message} />
      ) : profile.data ? (
        <StudentProfileBody key={profile.data.student.id} data={profile.data} />
      ) : (
        <Spin loading block style={{ width: '100%', minHeight: 240 }} />
      )}
    </PageFrame>
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
      <Card bordered={false}>
        <div className="profile-head">
          <div>
            <h2 className="profile-name">
              {s.name} <StatusTag set="studentStatus" value={s.status} />
            </h2>
            <p className="profile-sub">
              {s.studentNo}
              {s.grade || s.className ? ` · ${[s.grade, s.className].filter(Boolean).join(' ')}` : ''}
            </p>
          </div>
          <div className="profile-actions">
            <Button icon={<IconPrinter />} onClick={() => window.print()}>
              {t('profile.print')}
            </Button>
            <Button icon={<IconDownload />} onClick={exportCsv}>
              {t('profile.export')}
            </Button>
          </div>
        </div>
      </Card>

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
