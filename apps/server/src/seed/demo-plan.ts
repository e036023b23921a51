import type { courses, managers, rooms, scheduleEntries, students, teachers, terms } from '../db/schema/campus.js';
import {
  DAY_MS,
  MINUTE_MS,
  addDays,
  atLocalTime,
  daysBetween,
  earlierDate,
  formatDate,
  isoWeekday,
  makeDate,
  planSchoolCalendar,
  toLocalDate,
  type LocalDate,
  type SchoolCalendar,
  type TermPlan,
} from './demo-calendar.js';
import {
  CURRENT_COURSES,
  MANAGER_POSTS,
  PREVIOUS_COURSES,
  ROOMS,
  TEACHER_SUBJECTS,
  type CourseSpec,
  type Grade,
  type RoomKind,
  type Subject,
} from './demo-catalogue.js';
import { createAdultName, createMobile, createYoungName, pickSurname, type Gender } from './demo-names.js';
import { createRandom, hashText, isChance, pickOne, pickWeighted, randomInt, shuffle, type Random } from './demo-random.js';
import { allocateTimetable, createCourseClashMatrix, type CourseRequest, type PlacedEntry } from './demo-timetable.js';

// The plan is pure data: foreign keys are indexes into the plan's own arrays
// and become ids only at insert time, so all the choosing (and its rules) can
// be done, and reasoned about, without a database.

type StudentStatus = 'enrolled' | 'suspended' | 'graduated' | 'withdrawn';

export type TermRow = Omit<typeof terms.$inferInsert, 'camId'>;
export type RoomRow = Omit<typeof rooms.$inferInsert, 'camId'>;
export type TeacherRow = Omit<typeof teachers.$inferInsert, 'camId'>;
export type ManagerRow = Omit<typeof managers.$inferInsert, 'camId' | 'deptId'> & { deptName: string };
export type StudentRow = Omit<typeof students.$inferInsert, 'camId'> & { status: StudentStatus; grade: Grade; createdAt: Date };
export type CourseRow = Omit<typeof courses.$inferInsert, 'camId' | 'termId' | 'teacherId'> & {
  term: 'previous' | 'current';
  teacher: number;
  createdAt: Date;
};
export type EntryRow = Omit<typeof scheduleEntries.$inferInsert, 'camId' | 'courseId' | 'roomId' | 'teacherId'> & {
  course: number;
  room: number;
  teacher: number;
};
export interface EnrolmentRow {
  course: number;
  student: number;
  createdAt: Date;
}

export interface CampusPlan {
  calendar: SchoolCalendar;
  terms: { previous: TermRow; current: TermRow };
  rooms: RoomRow[];
  teachers: TeacherRow[];
  managers: ManagerRow[];
  students: StudentRow[];
  courses: CourseRow[];
  entries: EntryRow[];
  enrolments: EnrolmentRow[];
}

/** Most courses one student takes in a term: electives on top of the class timetable. */
const MAX_COURSES_PER_STUDENT = 4;
/** Enrolments of the current term spread over this many days before today. */
const ENROLMENT_WINDOW_DAYS = 30;
/** Chinese high schools count 18 class hours as one credit. */
const HOURS_PER_CREDIT = 18;

interface Context {
  rng: Random;
  code: string;
  now: Date;
  today: LocalDate;
  calendar: SchoolCalendar;
  phones: Set<string>;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Never later than now: a demo row dated in the future would show up as nonsense in reports. */
function clampToNow(ctx: Context, at: Date): Date {
  return at.getTime() > ctx.now.getTime() ? ctx.now : at;
}

/** Some time in office hours on `date`. */
function atOfficeTime(ctx: Context, date: LocalDate): Date {
  return clampToNow(ctx, atLocalTime(date, randomInt(ctx.rng, 8 * 60 + 20, 17 * 60 + 30)));
}

function createTermRow(ctx: Context, term: TermPlan, isCurrent: boolean): TermRow {
  // Set up a month or so ahead, and before any of its courses (which predate the enrolment window).
  const planned = atOfficeTime(ctx, addDays(term.start, -randomInt(ctx.rng, 28, 40)));
  const latest = ctx.now.getTime() - (ENROLMENT_WINDOW_DAYS + 10) * DAY_MS;
  return {
    name: term.name,
    academicYear: term.academicYear,
    startDate: formatDate(term.start),
    endDate: formatDate(term.end),
    isCurrent,
    createdAt: new Date(Math.min(planned.getTime(), latest)),
  };
}

function planTeachers(ctx: Context, goLive: LocalDate): TeacherRow[] {
  const { rng, code, calendar } = ctx;
  return TEACHER_SUBJECTS.map((t, i) => {
    const gender: Gender = isChance(rng, 0.58) ? 'female' : 'male';
    const hireYear = randomInt(rng, 1996, calendar.schoolYear - 1);
    const years = calendar.schoolYear - hireYear;
    const title = years >= 16 ? (isChance(rng, 0.8) ? '高级教师' : '一级教师') : years >= 6 ? '一级教师' : '二级教师';
    const hireDate = makeDate(hireYear, 8, randomInt(rng, 15, 31));
    const staffNo = `${code}T${pad(i + 1, 4)}`;
    return {
      staffNo,
      name: createAdultName(rng, gender),
      gender,
      phone: createMobile(rng, ctx.phones),
      email: `${staffNo.toLowerCase()}@school.example.com`,
      subject: t.subject,
      title,
      status: t.left ? 'left' : 'active',
      hireDate: formatDate(hireDate),
      createdAt: atOfficeTime(ctx, daysBetween(goLive, hireDate) > 0 ? hireDate : goLive),
    };
  });
}

function planManagers(ctx: Context, goLive: LocalDate): ManagerRow[] {
  const { rng, code } = ctx;
  return MANAGER_POSTS.map((post, i) => {
    const gender: Gender = isChance(rng, 0.45) ? 'female' : 'male';
    const staffNo = `${code}M${pad(i + 1, 4)}`;
    return {
      staffNo,
      name: createAdultName(rng, gender),
      gender,
      phone: createMobile(rng, ctx.phones),
      email: `${staffNo.toLowerCase()}@school.example.com`,
      position: post.position,
      deptName: post.dept,
      status: 'active',
      createdAt: atOfficeTime(ctx, goLive),
    };
  });
}

const GUARDIANS: readonly (readonly [{ relation: string; gender: Gender; sameSurname: boolean }, number])[] = [
  [{ relation: '父亲', gender: 'male', sameSurname: true }, 46],
  [{ relation: '母亲', gender: 'female', sameSurname: false }, 44],
  [{ relation: '祖父', gender: 'male', sameSurname: true }, 3],
  [{ relation: '祖母', gender: 'female', sameSurname: false }, 3],
  [{ relation: '外祖父', gender: 'male', sameSurname: false }, 2],
  [{ relation: '外祖母', gender: 'female', sameSurname: false }, 2],
];

/**
 * Born September to July so they start 高一 at 15 (the cut-off is 31 August;
 * stopping at July keeps even a summer-holiday seed from showing a 14-year-old
 * in 高一) and are at most 18 in 高三.
 */
function createBirthDate(rng: Random, entryYear: number): LocalDate {
  const first = makeDate(entryYear - 16, 9, 1);
  return addDays(first, randomInt(rng, 0, daysBetween(first, makeDate(entryYear - 15, 7, 31))));
}

interface Cohort {
  grade: Grade;
  entryYear: number;
  graduated: boolean;
}

/**
 * Three grades of four classes, plus a handful of last summer's graduates.
 * Most students arrive with their cohort at the start of September; the
 * transfers at the end of each class roster arrive later, some of them in the
 * last few weeks, so "new students per month" has a believable shape.
 */
function planStudents(ctx: Context): StudentRow[] {
  const { rng, code, calendar, today } = ctx;
  const y = calendar.schoolYear;
  const cohorts: Cohort[] = [
    { grade: '高三', entryYear: y - 3, graduated: true },
    { grade: '高三', entryYear: y - 2, graduated: false },
    { grade: '高二', entryYear: y - 1, graduated: false },
    { grade: '高一', entryYear: y, graduated: false },
  ];
  const names = new Set<string>();
  const rows: StudentRow[] = [];
  const transfers: number[] = [];
  for (const cohort of cohorts) {
    const entryDate = earlierDate(makeDate(cohort.entryYear, 9, 1), today);
    for (let classNo = 1; classNo <= 4; classNo++) {
      const regular = cohort.graduated ? 6 : randomInt(rng, 17, 20);
      const transferred = cohort.graduated ? 0 : randomInt(rng, 0, 2);
      for (let seat = 1; seat <= regular + transferred; seat++) {
        const isTransfer = seat > regular;
        const gender: Gender = isChance(rng, 0.51) ? 'male' : 'female';
        const surname = pickSurname(rng);
        let name = createYoungName(rng, gender, surname);
        // A repeated full name is real life, but it makes a demo look like a bug.
        for (let tries = 0; names.has(name) && tries < 10; tries++) name = createYoungName(rng, gender, surname);
        names.add(name);

        const guardian = pickWeighted(rng, GUARDIANS);
        const ownPhone = isChance(rng, cohort.grade === '高一' ? 0.3 : cohort.grade === '高二' ? 0.45 : 0.6);
        // The office registers a new cohort in the days around 1 September.
        let createdAt = atOfficeTime(ctx, addDays(entryDate, randomInt(rng, -4, 3)));
        let enrolDate = entryDate;
        if (isTransfer) {
          const earliest = addDays(entryDate, 30);
          const recent = isChance(rng, 0.35) || daysBetween(earliest, today) < 1;
          const arrival = recent
            ? addDays(today, -randomInt(rng, 0, 20))
            : addDays(earliest, randomInt(rng, 0, daysBetween(earliest, today) - 1));
          const arrivalDate = daysBetween(entryDate, arrival) < 0 ? entryDate : arrival;
          createdAt = atOfficeTime(ctx, arrivalDate);
          enrolDate = toLocalDate(createdAt);
          transfers.push(rows.length);
        }
        rows.push({
          studentNo: `${code}${cohort.entryYear}${pad(classNo, 2)}${pad(seat, 2)}`,
          name,
          gender,
          birthDate: formatDate(createBirthDate(rng, cohort.entryYear)),
          grade: cohort.grade,
          className: `${classNo}班`,
          phone: ownPhone ? createMobile(rng, ctx.phones) : '',
          email: ownPhone && isChance(rng, 0.2) ? `${randomInt(rng, 10_000_000, 3_999_999_999)}@qq.com` : '',
          guardianName: createAdultName(rng, guardian.gender, guardian.sameSurname ? surname : pickSurname(rng)),
          guardianPhone: createMobile(rng, ctx.phones),
          guardianRelation: guardian.relation,
          status: cohort.graduated ? 'graduated' : 'enrolled',
          enrolDate: formatDate(enrolDate),
          remark: cohort.graduated ? `${cohort.entryYear + 3}届毕业生` : isTransfer ? '外校转入' : '',
          createdAt,
        });
      }
    }
  }

  const regulars = shuffle(
    rng,
    rows.flatMap((r, i) => (r.status === 'enrolled' && !transfers.includes(i) ? [i] : [])),
  );
  const changes: [StudentStatus, readonly string[], number][] = [
    ['suspended', ['因病休学一年', '家庭原因申请休学'], randomInt(rng, 2, 4)],
    ['withdrawn', ['转学至外省', '出国留学', '随父母工作调动转学'], randomInt(rng, 2, 3)],
  ];
  for (const [status, remarks, howMany] of changes) {
    for (const index of regulars.splice(0, howMany)) {
      const row = rows[index];
      if (!row) continue;
      row.status = status;
      row.remark = pickOne(rng, remarks);
    }
  }
  return rows;
}

function planRooms(ctx: Context, goLive: LocalDate): RoomRow[] {
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

function planCourses(ctx: Context, teacherRows: readonly TeacherRow[], studentRows: readonly StudentRow[]): CoursePlan {
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

/** Everything one campus gets, decided from its code and today's date alone. */
export function planCampus(code: string, now: Date): CampusPlan {
  const today = toLocalDate(now);
  const calendar = planSchoolCalendar(today);
  const ctx: Context = { rng: createRandom(hashText(`campus-console demo ${code}`)), code, now, today, calendar, phones: new Set() };
  // The office started using the console the summer before the oldest cohort arrived.
  const goLive = makeDate(calendar.schoolYear - 3, 8, 20);
  const teacherRows = planTeachers(ctx, goLive);
  const studentRows = planStudents(ctx);
  return {
    calendar,
    terms: { previous: createTermRow(ctx, calendar.previous, false), current: createTermRow(ctx, calendar.current, true) },
    rooms: planRooms(ctx, goLive),
    teachers: teacherRows,
    managers: planManagers(ctx, goLive),
    students: studentRows,
    ...planCourses(ctx, teacherRows, studentRows),
  };
}
