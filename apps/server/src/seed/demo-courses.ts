import { DAY_MS, MINUTE_MS, addDays, atLocalTime, daysBetween, isoWeekday, type LocalDate, type SchoolCalendar } from './demo-calendar.js';
import { CURRENT_COURSES, PREVIOUS_COURSES, ROOMS, type CourseSpec, type RoomKind, type Subject } from './demo-catalogue.js';
import { pickWeighted, randomInt, shuffle, type Random } from './demo-random.js';
import { allocateTimetable, createCourseClashMatrix, type CourseRequest, type PlacedEntry } from './demo-timetable.js';
import type { Context, CourseRow, EnrolmentRow, EntryRow, RoomRow, StudentRow, TeacherRow } from './demo-rows.js';
import { atOfficeTime, ENROLMENT_WINDOW_DAYS } from './demo-rows.js';

// The rooms, courses, timetable and enrolments of a demo campus.

/** Most courses one student takes in a term: electives on top of the class timetable. */
const MAX_COURSES_PER_STUDENT = 4;
/** Chinese high schools count 18 class hours as one credit. */
const HOURS_PER_CREDIT = 18;

export function planRooms(ctx: Context, goLive: LocalDate): RoomRow[] {
  return ROOMS.map((r) => ({ code: r.code, name: r.name, capacity: r.capacity, createdAt: atOfficeTime(ctx, goLive) }));
}

/**
 * Rooms of the given kinds that seat `capacity`, in a per-course order: a
 * course keeps to its first choice when free, so it gets a home room and the
 * classrooms share the load instead of the smallest one taking everything.
 */
function findRooms(rng: Random, kinds: readonly RoomKind[], capacity: number): number[] {
  return shuffle(
    rng,
    ROOMS.flatMap((r, i) => (kinds.includes(r.kind) && r.capacity >= capacity ? [i] : [])),
  );
}

function countWeeks(entry: PlacedEntry): number {
  let weeks = 0;
  for (let w = entry.weekStart; w <= entry.weekEnd; w++) {
    if (entry.weekPattern === 'all' || (entry.weekPattern === 'odd') === (w % 2 === 1)) weeks++;
  }
  return weeks;
}

function toCredits(hours: number): number {
  return Math.min(3, Math.max(1, Math.round((hours / HOURS_PER_CREDIT) * 2) / 2));
}

/** The least-loaded eligible teacher of a subject, `preferred` ones first. */
function assignTeacher(
  teacherRows: readonly TeacherRow[],
  load: number[],
  subject: Subject,
  rules: { eligible: (t: TeacherRow) => boolean; preferred: (t: TeacherRow) => boolean },
): number {
  const ranked = teacherRows
    .flatMap((t, i) => (t.subject === subject && rules.eligible(t) ? [{ i, preferred: rules.preferred(t) }] : []))
    .sort((a, b) => Number(b.preferred) - Number(a.preferred) || (load[a.i] ?? 0) - (load[b.i] ?? 0) || a.i - b.i);
  const chosen = ranked[0]?.i;
  if (chosen === undefined) throw new Error(`demo data: no teacher of ${subject}`);
  load[chosen] = (load[chosen] ?? 0) + 1;
  return chosen;
}

function courseName(spec: CourseSpec, calendar: SchoolCalendar): string {
  return calendar.current.name === '第二学期' && spec.springName ? spec.springName : spec.name;
}

/**
 * Spreads the current term's enrolments over the last weeks: fewer at
 * weekends, more in the course-selection fortnight around the start of term,
 * and (the dashboard charts the last 8 days) one pinned to exactly d days
 * before now for d = 0..7, so each of those days has some whichever time
 * zone the day is counted in.
 */
function dateEnrolments(
  ctx: Context,
  picks: readonly { course: number; student: number }[],
  studentRows: readonly StudentRow[],
): EnrolmentRow[] {
  const { rng, now, today, calendar } = ctx;
  const rows: EnrolmentRow[] = picks.map((p) => ({ ...p, createdAt: now }));
  const studentSince = (row: EnrolmentRow) => studentRows[row.student]?.createdAt.getTime() ?? 0;
  const order = shuffle(rng, rows);
  const pinned = new Set<EnrolmentRow>();
  for (let d = 0; d < 8; d++) {
    const at = new Date(now.getTime() - d * DAY_MS);
    const row = order.find((r) => !pinned.has(r) && studentSince(r) <= at.getTime());
    if (!row) continue;
    row.createdAt = at;
    pinned.add(row);
  }

  const selectionStart = addDays(calendar.current.start, -7);
  const days = Array.from({ length: ENROLMENT_WINDOW_DAYS }, (_, d): readonly [number, number] => {
    const date = addDays(today, -d);
    const sinceSelection = daysBetween(selectionStart, date);
    const weight = (isoWeekday(date) >= 6 ? 0.35 : 1) * (sinceSelection >= 0 && sinceSelection < 21 ? 2.5 : 1);
    return [d, weight];
  });
  const startOfToday = atLocalTime(today, 0).getTime();
  for (const row of rows) {
    if (pinned.has(row)) continue;
    let at = atLocalTime(addDays(today, -pickWeighted(rng, days)), randomInt(rng, 7 * 60 + 30, 22 * 60)).getTime();
    if (at > now.getTime()) at = startOfToday + rng() * (now.getTime() - startOfToday);
    const since = studentSince(row);
    if (at < since) at = since + rng() * (now.getTime() - since);
    row.createdAt = new Date(Math.round(at));
  }
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

interface CoursePlan {
  courses: CourseRow[];
  entries: EntryRow[];
  enrolments: EnrolmentRow[];
}

export function planCourses(ctx: Context, teacherRows: readonly TeacherRow[], studentRows: readonly StudentRow[]): CoursePlan {
  const { rng, now, calendar } = ctx;
  const load = teacherRows.map(() => 0);
  const isActive = (t: TeacherRow) => t.status === 'active';

  // ---- current term: timetable first, then students around it
  const current = CURRENT_COURSES.map((spec) => ({
    spec,
    teacher: assignTeacher(teacherRows, load, spec.subject, { eligible: isActive, preferred: () => false }),
  }));
  const requests: CourseRequest[] = current.map(({ spec, teacher }) => ({
    teacher,
    capacity: spec.capacity,
    rooms: findRooms(rng, spec.rooms, spec.capacity),
    fallbackRooms: findRooms(rng, spec.rooms.includes('class') ? ['hall'] : ['class'], spec.capacity),
    sessions: spec.sessions,
  }));
  const placed = allocateTimetable(
    rng,
    requests,
    ROOMS.map((r) => r.capacity),
    calendar.current.weeks,
  );
  const clash = createCourseClashMatrix(current.length, placed);

  const courseCreated = new Date(
    Math.min(
      atOfficeTime(ctx, addDays(calendar.current.start, -randomInt(rng, 18, 25))).getTime(),
      now.getTime() - (ENROLMENT_WINDOW_DAYS + 2) * DAY_MS,
    ),
  );

  const taken = studentRows.map(() => [] as number[]);
  const picks: { course: number; student: number }[] = [];
  // The course meant to be full goes first, while every student is still free.
  const enrolOrder = [
    ...current.flatMap((c, i) => (c.spec.full ? [i] : [])),
    ...shuffle(
      rng,
      current.flatMap((c, i) => (c.spec.full ? [] : [i])),
    ),
  ];
  const enrolledCount = current.map(() => 0);
  for (const course of enrolOrder) {
    const spec = current[course]?.spec;
    if (!spec || spec.status === 'draft') continue;
    const target = spec.full ? spec.capacity : Math.round(spec.capacity * (0.5 + rng() * 0.45));
    const candidates = shuffle(
      rng,
      studentRows.flatMap((s, i) => (s.status === 'enrolled' && (!spec.grades || spec.grades.includes(s.grade)) ? [i] : [])),
    );
    for (const student of candidates) {
      if ((enrolledCount[course] ?? 0) >= target) break;
      const mine = taken[student];
      if (!mine || mine.length >= MAX_COURSES_PER_STUDENT) continue;
      if (mine.some((other) => clash[course]?.[other] || clash[other]?.[course])) continue;
      mine.push(course);
      picks.push({ course, student });
      enrolledCount[course] = (enrolledCount[course] ?? 0) + 1;
    }
  }

  const courseRows: CourseRow[] = current.map(({ spec, teacher }, i) => {
    const hours = placed.filter((e) => e.course === i).reduce((sum, e) => sum + e.periods * countWeeks(e), 0);
    return {
      term: 'current',
      code: spec.code,
      name: courseName(spec, calendar),
      teacher,
      capacity: spec.capacity,
      credits: toCredits(hours),
      hours,
      description: spec.description,
      status: spec.status ?? 'open',
      enrolledCount: enrolledCount[i] ?? 0,
      createdAt: courseCreated,
    };
  });
  const entries: EntryRow[] = placed.map((e) => ({
    course: e.course,
    room: e.room,
    teacher: e.teacher,
    weekday: e.weekday,
    startMin: e.startMin,
    endMin: e.endMin,
    weekStart: e.weekStart,
    weekEnd: e.weekEnd,
    weekPattern: e.weekPattern,
    createdAt: new Date(courseCreated.getTime() + randomInt(rng, 60, 3 * 24 * 60) * MINUTE_MS),
  }));
  const enrolments = dateEnrolments(ctx, picks, studentRows);

  // ---- previous term: closed courses with their enrolments, for history
  const prevStart = calendar.previous.start;
  const prevLoad = teacherRows.map(() => 0);
  const alumni = studentRows.flatMap((s, i) =>
    s.status !== 'graduated' && s.createdAt.getTime() < atLocalTime(addDays(prevStart, -11), 0).getTime() ? [i] : [],
  );
  const prevTaken = studentRows.map(() => 0);
  for (const spec of PREVIOUS_COURSES) {
    const course = courseRows.length;
    // Whoever has left since taught last term: their history stays visible.
    const teacher = assignTeacher(teacherRows, prevLoad, spec.subject, { eligible: () => true, preferred: (t) => !isActive(t) });
    const target = Math.round(spec.capacity * (0.6 + rng() * 0.35));
    let count = 0;
    for (const student of shuffle(rng, alumni)) {
      if (count >= target) break;
      if ((prevTaken[student] ?? 0) >= 2) continue;
      prevTaken[student] = (prevTaken[student] ?? 0) + 1;
      enrolments.push({ course, student, createdAt: atOfficeTime(ctx, addDays(prevStart, randomInt(rng, -10, 12))) });
      count++;
    }
    const hours = spec.weeklyPeriods * calendar.previous.weeks;
    courseRows.push({
      term: 'previous',
      code: spec.code,
      name: spec.name,
      teacher,
      capacity: spec.capacity,
      credits: toCredits(hours),
      hours,
      description: spec.description,
      status: 'closed',
      enrolledCount: count,
      createdAt: atOfficeTime(ctx, addDays(prevStart, -randomInt(rng, 18, 25))),
    });
  }
  return { courses: courseRows, entries, enrolments: enrolments.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) };
}
