import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { encryptLoginPassword } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { classes, promotions, students, teachers } from '../../db/schema/campus.js';
import { calendarFeeds, importRejects, perms, rolePerms, roles, sessions, userCampuses, userRoles, users } from '../../db/schema/system.js';
import { createToken } from '../../lib/tokens.js';
import { hashPassword } from '../../lib/passwords.js';
import { createSession } from '../../plugins/auth.js';
import { createCampus, getCampusIds } from '../fixtures.js';
import { ADMIN_PASSWORD, authed, call, getToken, type TestApp } from '../test-app.js';

/** Written into every name and code of campus B, so a leak shows up in any answer. */
export const FOREIGN_MARKER = 'ZqXB';

/** Real records of one campus, so path and body ids point at something. */
export interface CampusRecords {
  camId: number;
  termId: number;
  teacherId: number;
  studentId: number;
  managerId: number;
  roomId: number;
  courseId: number;
  entryId: number;
  /** A timetable plan with one lesson, one constraint and a solved run. */
  planId: number;
  activityId: number;
  constraintId: number;
  runId: number;
  /** The grade and class the world's student was placed in (made from its grade and class names). */
  gradeId: number;
  classId: number;
}

export interface SystemRecords {
  /** A user of campus A without perms: the target of user routes. */
  userId: number;
  /** A custom role holding no perms. */
  roleId: number;
  menuId: number;
  permId: number;
  deptId: number;
  noticeId: number;
  operlogId: number;
}

export interface World {
  t: TestApp;
  adminToken: string;
  adminId: number;
  a: CampusRecords;
  b: CampusRecords;
  sys: SystemRecords;
  /** Ids of message rows owned by `otherUserId`, not by the callers of the tests. */
  foreignMessageIds: number[];
  otherUserId: number;
  /** Fresh records made through the API as admin (victims of deletes, targets of writes). */
  make: Makers;
  /** Ids of messages in the user's box (a notice to everyone is published first when the box is empty). */
  messageIdsOf(userId: number): Promise<number[]>;
  /** A signed-in user holding exactly `permCodes` on `camIds`, without a sign-in round trip. */
  sessionFor(permCodes: readonly string[], camIds: readonly number[]): Promise<SessionUser>;
}

export interface SessionUser {
  userId: number;
  token: string;
  username: string;
  password: string;
  /** The perm codes the user holds, for routes whose request depends on which (popular's type). */
  perms: readonly string[];
}

export interface Makers {
  term(camId: number): Promise<number>;
  teacher(camId: number): Promise<number>;
  student(camId: number): Promise<number>;
  manager(camId: number): Promise<number>;
  room(camId: number): Promise<number>;
  course(camId: number, termId: number, teacherId: number): Promise<number>;
  entry(camId: number, courseId: number, roomId: number): Promise<number>;
  plan(camId: number, termId: number): Promise<number>;
  /** A one-period lesson of a new teacher in the plan. */
  activity(camId: number, planId: number): Promise<number>;
  constraint(camId: number, planId: number): Promise<number>;
  /** A solved run placing the activity on Friday, last period (free in the world's timetable). */
  solvedRun(camId: number, planId: number, activityId: number): Promise<number>;
  /** A run row that says it is running (no worker behind it): the victim of a cancel. */
  runningRun(camId: number, planId: number): Promise<number>;
  /** Waits until no generation started by the matrix is still running (at most two run at once). */
  runsIdle(): Promise<void>;
  enrol(camId: number, courseId: number, studentId: number): Promise<void>;
  user(): Promise<number>;
  role(): Promise<number>;
  menu(): Promise<number>;
  perm(): Promise<number>;
  dept(): Promise<number>;
  notice(opts?: { isDraft?: boolean }): Promise<number>;
  /** A calendar feed of `userId`'s (their own timetable): the victim of a rotate or revoke. */
  feedOf(userId: number): Promise<number>;
  /** Links a new teacher of campus A to `userId` (whose own timetable then exists). */
  teacherOf(userId: number): Promise<number>;
  /** A unique suffix for codes and names. */
  unique(): string;
  grade(camId: number): Promise<number>;
  schoolClass(camId: number, gradeId: number): Promise<number>;
  /** A year-end promotion row of the campus that changed nothing (so its undo changes nothing either). */
  promotion(camId: number): Promise<number>;
  /** A refused-rows file of `userId`'s import: the token of its URL. */
  rejectFile(userId: number): Promise<string>;
}

export const USER_PASSWORD = 'Matrix-user-pass-81';

/** A campus and ids that never existed: the answer to compare a foreign id's with. */
export const GHOST_ID = 2_147_480_000;
export const GHOST: CampusRecords = {
  camId: -1,
  termId: GHOST_ID,
  teacherId: GHOST_ID + 1,
  studentId: GHOST_ID + 2,
  managerId: GHOST_ID + 3,
  roomId: GHOST_ID + 4,
  courseId: GHOST_ID + 5,
  entryId: GHOST_ID + 6,
  planId: GHOST_ID + 7,
  activityId: GHOST_ID + 8,
  constraintId: GHOST_ID + 9,
  runId: GHOST_ID + 10,
  gradeId: GHOST_ID + 11,
  classId: GHOST_ID + 12,
};

/** Marks run rows the world writes by hand, which no worker ends. */
export const FAKE_RUN_SEED = -1;

let seq = 0;

let entrySeq = 0;

/** Sends one request and fails loudly unless it answers `status`. */
async function must(t: TestApp, opts: InjectOptions & { url: string }, status = 201): Promise<unknown> {
  const res = await call(t.app, opts);
  if (res.status !== status) throw new Error(`${String(opts.method)} ${opts.url}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

const idOf = (data: unknown) => {
  const d = data as { id?: number; entry?: { id: number } };
  const id = d.id ?? d.entry?.id;
  if (!id) throw new Error(`no id in ${JSON.stringify(data)}`);
  return id;
};

export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const [camA] = await getCampusIds(db);
  if (!camA) throw new Error('no campus seeded');
  const camB = await createCampus(db, `Campus ${FOREIGN_MARKER}`);
  await db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${camB} from users where username = 'admin'`);
  const adminToken = await getToken(t.app);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!admin) throw new Error('no admin');
  const passwordHash = await hashPassword(USER_PASSWORD);

  const unique = () => `${++seq}`;
  const educate = (camId: number, method: 'POST' | 'PUT', path: string, payload: object, status = 201) =>
    must(t, { method, url: `/api/educate${path}`, headers: { ...authed(adminToken, camId), 'accept-language': 'en-US' }, payload }, status);
  const system = (path: string, payload: object) =>
    must(t, { method: 'POST', url: `/api/system${path}`, headers: { ...authed(adminToken), 'accept-language': 'en-US' }, payload });
  const markerOf = (camId: number) => (camId === camB ? FOREIGN_MARKER : 'A');

  const make: Makers = {
    unique,
    async term(camId) {
      if (camId === GHOST.camId) return GHOST.termId;
      // Terms may not overlap in a campus: each gets its own far-future year.
      const year = 2100 + ++seq;
      return idOf(
        await educate(camId, 'POST', '/terms', {
          name: `Term ${markerOf(camId)} ${seq}`,
          academicYear: `${year}-${year + 1}`,
          startDate: `${year}-09-01`,
          endDate: `${year + 1}-01-20`,
        }),
      );
    },
    async teacher(camId) {
      if (camId === GHOST.camId) return GHOST.teacherId;
      return idOf(
        await educate(camId, 'POST', '/teachers', {
          staffNo: `T${markerOf(camId)}${unique()}`,
          name: `Teacher ${markerOf(camId)}`,
          gender: 'female',
          status: 'active',
        }),
      );
    },
    async student(camId) {
      if (camId === GHOST.camId) return GHOST.studentId;
      return idOf(
        await educate(camId, 'POST', '/students', {
          studentNo: `S${markerOf(camId)}${unique()}`,
          name: `Student ${markerOf(camId)}`,
          gender: 'male',
          status: 'enrolled',
          grade: `G${markerOf(camId)}`,
          className: `C${markerOf(camId)}`,
        }),
      );
    },
    async manager(camId) {
      if (camId === GHOST.camId) return GHOST.managerId;
      return idOf(
        await educate(camId, 'POST', '/managers', {
          staffNo: `M${markerOf(camId)}${unique()}`,
          name: `Manager ${markerOf(camId)}`,
          gender: 'other',
          status: 'active',
        }),
      );
    },
    async room(camId) {
      if (camId === GHOST.camId) return GHOST.roomId;
      return idOf(
        await educate(camId, 'POST', '/rooms', { code: `R${markerOf(camId)}${unique()}`, name: `Room ${markerOf(camId)}`, capacity: 40 }),
      );
    },
    async course(camId, termId, teacherId) {
      if (camId === GHOST.camId) return GHOST.courseId;
      return idOf(
        await educate(camId, 'POST', '/courses', {
          code: `K${markerOf(camId)}${unique()}`,
          name: `Course ${markerOf(camId)}`,
          termId,
          teacherId,
          capacity: 30,
          status: 'open',
        }),
      );
    },
    async entry(camId, courseId, roomId) {
      if (camId === GHOST.camId) return GHOST.entryId;
      // A weekday and hour of its own, so entries of one campus never clash: a counter of their own
      // (84 slots), as every other maker draws on `seq`.
      const n = ++entrySeq;
      if (n >= 7 * 12) throw new Error('the world has no free slot left for another schedule entry');
      const hour = 7 + (n % 12);
      return idOf(
        await educate(camId, 'POST', `/courses/${courseId}/schedule`, {
          weekday: 1 + (Math.floor(n / 12) % 7),
          startTime: `${String(hour).padStart(2, '0')}:00`,
          endTime: `${String(hour).padStart(2, '0')}:45`,
          roomId,
          weekPattern: 'all',
        }),
      );
    },
    async plan(camId, termId) {
      if (camId === GHOST.camId) return GHOST.planId;
      return idOf(await educate(camId, 'POST', '/timetable-plans', { name: `Plan ${markerOf(camId)} ${unique()}`, termId }));
    },
    async activity(camId, planId) {
      if (camId === GHOST.camId) return GHOST.activityId;
      const teacherId = await make.teacher(camId);
      const data = await educate(camId, 'POST', `/timetable-plans/${planId}/activities`, { teacherIds: [teacherId], durations: [1] });
      return idOf((data as { id: number }[])[0]);
    },
    async constraint(camId, planId) {
      if (camId === GHOST.camId) return GHOST.constraintId;
      return idOf(
        await educate(camId, 'POST', `/timetable-plans/${planId}/constraints`, {
          type: 'breakTimes',
          weight: 100,
          slots: [{ day: 3, period: 4 }],
        }),
      );
    },
    async solvedRun(camId, planId, activityId) {
      if (camId === GHOST.camId) return GHOST.runId;
      const result = {
        placements: [{ activityId, externalId: null, day: 5, period: 8, roomId: null }],
        unplaced: [],
        hardViolations: [],
        softViolations: [],
        softScore: 0,
      };
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into timetable_runs (cam_id, plan_id, status, seed, time_limit_s, placed, best_placed, total, result, finished_at)
            values (${camId}, ${planId}, 'solved', 1, 1, 1, 1, 1, ${JSON.stringify(result)}::jsonb, now()) returning id`,
      );
      return Number(row?.id);
    },
    async runningRun(camId, planId) {
      if (camId === GHOST.camId) return GHOST.runId;
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into timetable_runs (cam_id, plan_id, status, seed, time_limit_s) values (${camId}, ${planId}, 'running', ${FAKE_RUN_SEED}, 1) returning id`,
      );
      return Number(row?.id);
    },
    async runsIdle() {
      for (let i = 0; i < 400; i++) {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from timetable_runs where status = 'running' and seed <> ${FAKE_RUN_SEED}`,
        );
        if (!Number(row?.n)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('a generation of the matrix did not end');
    },
    async enrol(camId, courseId, studentId) {
      await educate(camId, 'POST', `/courses/${courseId}/students`, { studentIds: [studentId] }, 200);
    },
    async user() {
      return idOf(
        await system('/users', {
          username: `victim${unique()}`,
          nickname: 'Victim',
          roleIds: [],
          campusIds: [camA],
          password: encryptLoginPassword(USER_PASSWORD),
          mustChangePassword: false,
        }),
      );
    },
    async role() {
      return idOf(await system('/roles', { name: `Role ${unique()}`, code: `role_${seq}` }));
    },
    async menu() {
      return idOf(await system('/menus', { name: `FuzzMenu${unique()}`, path: `/fuzz/m${seq}`, locale: `menu.fuzz${seq}` }));
    },
    async perm() {
      return idOf(await system('/perms', { code: `fuzz:thing${unique()}:do`, name: `Perm ${seq}` }));
    },
    async dept() {
      return idOf(await system('/depts', { name: `Dept ${unique()}` }));
    },
    async notice(opts = {}) {
      return idOf(
        await system('/notices', {
          title: `Notice ${unique()}`,
          content: 'hello',
          camId: camA,
          ...(opts.isDraft ? { status: 'draft' } : {}),
        }),
      );
    },
    async grade(camId) {
      if (camId === GHOST.camId) return GHOST.gradeId;
      return idOf(await educate(camId, 'POST', '/grades', { name: `Grade ${markerOf(camId)} ${unique()}`, order: 10 + seq }));
    },
    async schoolClass(camId, gradeId) {
      if (camId === GHOST.camId) return GHOST.classId;
      return idOf(await educate(camId, 'POST', '/classes', { name: `Class ${markerOf(camId)} ${unique()}`, gradeId }));
    },
    async promotion(camId) {
      if (camId === GHOST.camId) return GHOST_ID + 9;
      const [row] = await db
        .insert(promotions)
        .values({ camId, username: 'admin', headTeachers: 'keep', classCount: 0, graduatedCount: 0, changes: { moves: [], graduates: [] } })
        .returning({ id: promotions.id });
      return row?.id ?? 0;
    },
    async rejectFile(userId) {
      const { token, tokenHash } = createToken();
      await db.insert(importRejects).values({ userId, tokenHash, fileName: 'refused.csv', content: 'studentNo,Errors\r\n' });
      return token;
    },
    async teacherOf(userId) {
      const teacherId = await make.teacher(camA);
      await db.update(teachers).set({ userId }).where(eq(teachers.id, teacherId));
      return teacherId;
    },
    async feedOf(userId) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, kind: 'own', secretHash: createToken().tokenHash })
        .returning({ id: calendarFeeds.id });
      return row?.id ?? 0;
    },
  };

  const buildCampus = async (camId: number): Promise<CampusRecords> => {
    const termId = await make.term(camId);
    const teacherId = await make.teacher(camId);
    const studentId = await make.student(camId);
    const managerId = await make.manager(camId);
    const roomId = await make.room(camId);
    const courseId = await make.course(camId, termId, teacherId);
    const entryId = await make.entry(camId, courseId, roomId);
    await make.enrol(camId, courseId, studentId);
    const [placed] = await db.select({ classId: students.classId }).from(students).where(eq(students.id, studentId));
    const [cls] = await db
      .select({ gradeId: classes.gradeId })
      .from(classes)
      .where(eq(classes.id, placed?.classId ?? 0));
    if (!placed?.classId || !cls) throw new Error('the world student has no class');
    const planId = await make.plan(camId, termId);
    const activityId = await make.activity(camId, planId);
    const constraintId = await make.constraint(camId, planId);
    const runId = await make.solvedRun(camId, planId, activityId);
    return {
      camId,
      termId,
      teacherId,
      studentId,
      managerId,
      roomId,
      courseId,
      entryId,
      gradeId: cls.gradeId,
      classId: placed.classId,
      planId,
      activityId,
      constraintId,
      runId,
    };
  };

  const a = await buildCampus(camA);
  const b = await buildCampus(camB);

  const sessionFor = async (permCodes: readonly string[], camIds: readonly number[]): Promise<SessionUser> => {
    const n = ++seq;
    const [role] = await db
      .insert(roles)
      .values({ name: `matrix role ${n}`, code: `matrix_${n}` })
      .returning({ id: roles.id });
    if (!role) throw new Error('role insert failed');
    if (permCodes.length) {
      const rows = await db
        .select({ id: perms.id })
        .from(perms)
        .where(inArray(perms.code, [...permCodes]));
      if (rows.length !== permCodes.length) throw new Error(`unknown perm among ${permCodes.join(',')}`);
      await db.insert(rolePerms).values(rows.map((p) => ({ roleId: role.id, permId: p.id })));
    }
    const username = `matrix${n}`;
    const [user] = await db
      .insert(users)
      .values({ username, nickname: username, passwordHash, mustChangePassword: false })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert failed');
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    if (camIds.length) await db.insert(userCampuses).values(camIds.map((camId) => ({ userId: user.id, camId })));
    const token = await createSession(db, user.id, 3600, { ip: '127.0.0.1', userAgent: 'matrix' });
    return { userId: user.id, token, username, password: USER_PASSWORD, perms: permCodes };
  };

  const other = await sessionFor([], [camA, camB]);
  const sys: SystemRecords = {
    userId: await make.user(),
    roleId: await make.role(),
    menuId: await make.menu(),
    permId: await make.perm(),
    deptId: await make.dept(),
    noticeId: await make.notice(),
    operlogId: 0,
  };
  const [log] = await queryRows<{ id: number }>(db, sql`select id from oper_logs order by id limit 1`);
  if (!log) throw new Error('no operation log row');
  sys.operlogId = Number(log.id);
  const foreign = await queryRows<{ id: number }>(db, sql`select id from messages where user_id = ${other.userId} order by id`);
  if (!foreign.length) throw new Error('the other user got no message');

  const messageIdsOf = async (userId: number): Promise<number[]> => {
    const own = () => queryRows<{ id: number }>(db, sql`select id from messages where user_id = ${userId} order by id`);
    let rows = await own();
    if (!rows.length) {
      await system('/notices', { title: `Notice for everyone ${unique()}`, content: 'hello' });
      rows = await own();
    }
    return rows.map((r) => Number(r.id));
  };

  return {
    t,
    adminToken,
    messageIdsOf,
    adminId: admin.id,
    a,
    b,
    sys,
    foreignMessageIds: foreign.map((r) => Number(r.id)),
    otherUserId: other.userId,
    make,
    sessionFor,
  };
}

/** Ends a session by moving its expiry into the past (as time would). */
export async function expireSession(t: TestApp, userId: number): Promise<void> {
  await t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(sessions.userId, userId));
}

export { ADMIN_PASSWORD };
