import Table from '@arco-design/web-react/es/Table';
import type { ClassAttendance, ScheduleEntry, Timetable, WeeklyLoad } from '@campus/contract';
import { PersonLink } from '../../lib/person-link';
import { formatTermLabel } from '../../lib/term-label';
import { useT } from '../../lib/i18n';
import { ScheduleGrid } from './schedule-grid';
import { fitLessonDay } from './schedule-grid-logic';
import './schedule-messages';
import './timetable-page.css';

// A timetable as the timetable page and the class page show it: heading, loads, the week grid,
// the teachers' loads, and for a class who of it takes each course.

/** `isEmbedded`: inside a page about the target (a class page): no title, no list of the class's courses (the page has its own). */
export function TimetableBody({ data, isEmbedded = false }: { data: Timetable; isEmbedded?: boolean }) {
  const t = useT();
  const { target, term } = data;
  const ownLoad = target.kind === 'teacher' ? data.teacherLoads.find((l) => l.teacherId === target.id) : undefined;
  return (
    <>
      <div className="timetable-heading">
        {!isEmbedded && (
          <h2 className="timetable-title">
            {t(`timetable.kind.${target.kind}`)} ·{' '}
            {target.kind === 'teacher' || target.kind === 'student' ? (
              <PersonLink kind={target.kind} id={target.id} name={target.name} />
            ) : (
              target.name
            )}
          </h2>
        )}
        <span className="timetable-muted">
          {term
            ? t('timetable.term', { term: formatTermLabel(t, term), from: term.startDate, to: term.endDate, weeks: term.weeks })
            : t('timetable.noTerm')}
          {data.week ? ` · ${t('timetable.weekN', { week: data.week })}` : ''}
        </span>
      </div>
      <LoadStats load={ownLoad ?? data.load} title={t(ownLoad ? 'timetable.load.teacher' : 'timetable.load.listed')} />
      <div className="tt-scroll">
        <ScheduleGrid
          day={fitLessonDay(data.entries)}
          entries={data.entries}
          label={t('timetable.grid.label', { name: target.name })}
          noteOf={data.classAttendance ? noteOfClass(data.classAttendance, t) : undefined}
        />
      </div>
      {data.entries.length === 0 && <p className="timetable-muted timetable-none">{t('timetable.none')}</p>}
      {data.classAttendance && !isEmbedded && <ClassCourses attendance={data.classAttendance} />}
      {target.kind !== 'teacher' && data.teacherLoads.length > 0 && (
        <section className="timetable-loads">
          <h3 className="timetable-subtitle">{t('timetable.load.teachers')}</h3>
          <ul>
            {data.teacherLoads.map((l) => (
              <li key={l.teacherId}>
                {t('timetable.load.line', {
                  name: l.teacherName,
                  avg: formatHours(l.averageHours),
                  max: formatHours(l.maxWeekHours),
                  term: formatHours(l.termHours),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

const formatHours = (h: number) => String(Math.round(h * 10) / 10);

function LoadStats({ load, title }: { load: WeeklyLoad; title: string }) {
  const t = useT();
  const stats = [
    ['timetable.load.average', load.averageHours],
    ['timetable.load.min', load.minWeekHours],
    ['timetable.load.max', load.maxWeekHours],
    ['timetable.load.term', load.termHours],
  ] as const;
  return (
    <section className="timetable-load" aria-label={title}>
      <span className="timetable-load-title">{title}</span>
      {stats.map(([key, hours]) => (
        <div key={key} className="timetable-stat">
          <span className="timetable-stat-label">{t(key)}</span>
          <span className="timetable-stat-value">
            {formatHours(hours)} <small>{t('timetable.hours')}</small>
          </span>
        </div>
      ))}
    </section>
  );
}

type Translate = ReturnType<typeof useT>;

/** "12/40 of the class" on a lesson fewer than all of the class take. */
function noteOfClass(attendance: ClassAttendance, t: Translate) {
  const byCourse = new Map(attendance.courses.map((c) => [c.courseId, c]));
  return (e: ScheduleEntry) => {
    const c = byCourse.get(e.courseId);
    return c && c.share !== 'all' ? t('timetable.class.note', { attending: c.attending, students: attendance.students }) : undefined;
  };
}

/** The courses of a class's timetable: how many of the class take each, and whether it is a class lesson or an elective. */
function ClassCourses({ attendance }: { attendance: ClassAttendance }) {
  const t = useT();
  // Courses with no lesson in the week shown are listed too: they are the class's all the same.
  const rows = attendance.courses.map((c) => ({ ...c, label: `${c.name} (${c.code})` }));
  return (
    <section className="timetable-loads" aria-label={t('timetable.class.title')}>
      <h3 className="timetable-subtitle">{t('timetable.class.title')}</h3>
      <p className="timetable-muted">{t('timetable.class.intro', { students: attendance.students })}</p>
      <Table
        rowKey="courseId"
        size="small"
        pagination={false}
        data={rows}
        columns={[
          { title: t('timetable.class.course'), dataIndex: 'label' },
          {
            title: t('timetable.class.attending'),
            dataIndex: 'attending',
            width: 160,
            render: (n: number) => `${n} / ${attendance.students}`,
          },
          {
            title: t('timetable.class.share'),
            dataIndex: 'share',
            width: 200,
            render: (share: ClassAttendance['courses'][number]['share']) => t(`timetable.class.share.${share}`),
          },
        ]}
      />
    </section>
  );
}
