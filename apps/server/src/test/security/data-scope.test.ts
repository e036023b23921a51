import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassChoices, ReportSummary } from '@campus/contract';
import { teachers } from '../../db/schema/campus.js';
import { roles, userRoles } from '../../db/schema/system.js';
import type { RouteEntry } from '../../plugins/access.js';
import { createUser, getCampusIds } from '../fixtures.js';
import { authed, createTestApp, educateClient, getToken, type TestApp } from '../test-app.js';
import { send, type Answer } from './send.js';
import type { Req } from './route-inputs.js';

// Data scope (issue 25): for every student-facing route of the route table, a
// user whose role reaches one class (by each kind of scope) neither reads nor
// changes a student of another class. A new student route fails the first
// test until it has a probe here.

let t: TestApp;
let adminToken: string;
let cam: number;
const admin = educateClient(() => ({ app: t.app, token: adminToken, camId: cam }));

const w = { gradeIn: 0, classIn: 0, classOut: 0, sIn: 0, sOut: 0, outNo: 'OUT001', courseId: 0, termId: 0 };
const PERMS = [
  'educate:schedule:list',
  'educate:student:list',
  'educate:student:add',
  'educate:student:edit',
  'educate:student:delete',
  'educate:student:import',
  'educate:student:export',
  'educate:course:list',
  'educate:course:enrol',
  'educate:class:list',
  'report:summary:list',
  'report:summary:export',
  'dashboard:workplace:list',
  'system:operlog:list',
];

type Call = (method: string, req: Req) => Promise<Answer>;
/** What the scoped caller must get for the out-of-scope student; each throws on a leak. */
type Probe = (as: Call) => Promise<void>;

const leaks = (a: Answer) => a.text.includes(w.outNo) || a.text.includes('Outsider');
const expectHidden = (a: Answer) => {
  expect(a.status).toBe(200);
  expect(leaks(a)).toBe(false);
};
const csvFile = (lines: string[]) => ({ name: 's.csv', content: `${lines.join('\n')}\n` });

/** Student-facing routes beyond those guarded by a student perm. */
const ALSO_STUDENT_FACING = [
  'GET /api/educate/students/:id/history',
  'GET /api/educate/courses/:id/students',
  'POST /api/educate/courses/:id/students',
  'DELETE /api/educate/courses/:id/students',
  'GET /api/report/summary',
  'GET /api/report/summary/export',
  'GET /api/dashboard/overview',
  'GET /api/educate/classes',
  'GET /api/educate/classes/choices',
  'GET /api/educate/classes/:id',
  'GET /api/educate/classes/:id/overview',
  'GET /api/educate/timetable',
  'GET /api/educate/timetable.ics',
  'POST /api/educate/timetable/feeds',
];

const PROBES: Record<string, Probe> = {
  'GET /api/educate/students': async (as) =>
    expectHidden(await as('GET', { url: '/api/educate/students', query: { page: '1', pageSize: '100' } })),
  'GET /api/educate/students/:id': async (as) => expect((await as('GET', { url: `/api/educate/students/${w.sOut}` })).status).toBe(404),
  'GET /api/educate/students/:id/history': async (as) =>
    expect((await as('GET', { url: `/api/educate/students/${w.sOut}/history` })).status).toBe(404),
  'GET /api/educate/students/:id/profile': async (as) =>
    expect((await as('GET', { url: `/api/educate/students/${w.sOut}/profile` })).status).toBe(404),
  'GET /api/educate/students/export': async (as) =>
    expectHidden(await as('GET', { url: '/api/educate/students/export', query: { format: 'csv' } })),
  'GET /api/educate/students/import-template': async (as) =>
    expectHidden(await as('GET', { url: '/api/educate/students/import-template', query: { format: 'csv' } })),
  'POST /api/educate/students/import': async (as) => {
    const a = await as('POST', {
      url: '/api/educate/students/import',
      query: { dryRun: 'true' },
      file: csvFile(['studentNo,name,gender,status', `${w.outNo},Renamed,male,enrolled`]),
    });
    expect(a.status).toBe(200);
    expect(a.json?.data).toMatchObject({ created: 0, updated: 0, rejected: 1 });
  },
  'POST /api/educate/students': async (as) => {
    const body = { studentNo: `NEW${Date.now() % 100000}`, name: 'New', gender: 'male', status: 'enrolled' };
    expect((await as('POST', { url: '/api/educate/students', body: { ...body, classId: w.classOut } })).status).toBe(404);
    expect((await as('POST', { url: '/api/educate/students', body })).status).toBe(400);
  },
  'PUT /api/educate/students/:id': async (as) =>
    expect((await as('PUT', { url: `/api/educate/students/${w.sOut}`, body: { name: 'Changed' } })).status).toBe(404),
  'DELETE /api/educate/students/:id': async (as) =>
    expect((await as('DELETE', { url: `/api/educate/students/${w.sOut}` })).status).toBe(404),
  'DELETE /api/educate/students': async (as) =>
    expect((await as('DELETE', { url: '/api/educate/students', body: { ids: [w.sOut] } })).status).toBe(404),
  'POST /api/educate/students/bulk': async (as) => {
    expect((await as('POST', { url: '/api/educate/students/bulk', body: { ids: [w.sOut], set: { remark: 'x' } } })).status).toBe(404);
    const all = await as('POST', {
      url: '/api/educate/students/bulk',
      query: { dryRun: 'true' },
      body: { filter: {}, set: { remark: 'x' } },
    });
    expect(all.json?.data).toMatchObject({ updated: 1 });
  },
  'GET /api/educate/courses/:id/students': async (as) =>
    expectHidden(await as('GET', { url: `/api/educate/courses/${w.courseId}/students`, query: { page: '1', pageSize: '50' } })),
  'POST /api/educate/courses/:id/students': async (as) =>
    expect((await as('POST', { url: `/api/educate/courses/${w.courseId}/students`, body: { studentIds: [w.sOut] } })).status).toBe(404),
  'DELETE /api/educate/courses/:id/students': async (as) =>
    expect((await as('DELETE', { url: `/api/educate/courses/${w.courseId}/students`, body: { studentIds: [w.sOut] } })).status).toBe(404),
  'GET /api/report/summary': async (as) => {
    const a = await as('GET', { url: '/api/report/summary' });
    expect(a.status).toBe(200);
    expect(a.json?.data).toMatchObject({ students: { total: 1, byClass: [{ grade: '高一', className: '1班', count: 1 }] } });
    // Every student figure counts the one reached student: the native places once counted the whole campus.
    const figures = (a.json?.data as ReportSummary).students;
    for (const list of [figures.byStatus, figures.byGrade, figures.byClass, figures.byProvince])
      expect(list.reduce((n, r) => n + r.count, 0)).toBe(1);
  },
  'GET /api/report/summary/export': async (as) => {
    const a = await as('GET', { url: '/api/report/summary/export', query: { format: 'csv' } });
    expect(a.status).toBe(200);
    expect(a.text).not.toContain('高二');
  },
  'GET /api/dashboard/overview': async (as) =>
    expect((await as('GET', { url: '/api/dashboard/overview' })).json?.data).toMatchObject({ students: 1 }),
  'GET /api/educate/classes': async (as) => {
    const a = await as('GET', { url: '/api/educate/classes', query: { page: '1', pageSize: '50' } });
    expect((a.json?.data as { list: { id: number }[] }).list.map((c) => c.id)).toEqual([w.classIn]);
  },
  'GET /api/educate/classes/choices': async (as) => {
    const a = await as('GET', { url: '/api/educate/classes/choices' });
    expect((a.json?.data as ClassChoices).classes.map((c) => c.id)).toEqual([w.classIn]);
  },
  'GET /api/educate/classes/:id': async (as) => expect((await as('GET', { url: `/api/educate/classes/${w.classOut}` })).status).toBe(404),
  'GET /api/educate/timetable': async (as) => {
    expect((await as('GET', { url: '/api/educate/timetable', query: { studentId: String(w.sOut), week: '1' } })).status).toBe(404);
    expect((await as('GET', { url: '/api/educate/timetable', query: { studentId: String(w.sIn), week: '1' } })).status).toBe(200);
    // A class's timetable: the class outside is as missing as a foreign one; the one inside counts only its student.
    expect((await as('GET', { url: '/api/educate/timetable', query: { classId: String(w.classOut) } })).status).toBe(404);
    const mine = await as('GET', { url: '/api/educate/timetable', query: { classId: String(w.classIn) } });
    expect(mine.json?.data).toMatchObject({ classAttendance: { students: 1, courses: [{ courseId: w.courseId, attending: 1 }] } });
  },
  'GET /api/educate/timetable.ics': async (as) => {
    expect((await as('GET', { url: '/api/educate/timetable.ics', query: { studentId: String(w.sOut) } })).status).toBe(404);
    expect((await as('GET', { url: '/api/educate/timetable.ics', query: { classId: String(w.classOut) } })).status).toBe(404);
  },
  'POST /api/educate/timetable/feeds': async (as) => {
    expect((await as('POST', { url: '/api/educate/timetable/feeds', body: { kind: 'student', targetId: w.sOut } })).status).toBe(404);
    expect((await as('POST', { url: '/api/educate/timetable/feeds', body: { kind: 'class', targetId: w.classOut } })).status).toBe(404);
  },
  'GET /api/educate/classes/:id/overview': async (as) =>
    expect((await as('GET', { url: `/api/educate/classes/${w.classOut}/overview` })).status).toBe(404),
};

const studentFacing = (routes: readonly RouteEntry[]) =>
  routes
    .filter(
      (r) =>
        (r.access.kind === 'perm' && r.access.perms.some((p) => p.startsWith('educate:student:'))) ||
        ALSO_STUDENT_FACING.includes(`${r.method} ${r.url}`),
    )
    .map((r) => `${r.method} ${r.url}`);

let seq = 0;
async function scopedCaller(dataScope: object, opts: { headsIn?: boolean } = {}): Promise<Call> {
  const username = `scope${++seq}`;
  const userId = await createUser(t.database.db, { username, password: 'Scope-Pass-42', perms: PERMS, camIds: [cam] });
  const [link] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  await t.database.db
    .update(roles)
    .set({ dataScope })
    .where(eq(roles.id, link?.roleId ?? 0));
  if (opts.headsIn) {
    const teacherId = await admin.create('/teachers', { staffNo: `HT${seq}`, name: `Head ${seq}`, gender: 'female', status: 'active' });
    await t.database.db.update(teachers).set({ userId }).where(eq(teachers.id, teacherId));
    expect((await admin.api('PUT', `/classes/${w.classIn}`, { headTeacherId: teacherId })).status).toBe(200);
  }
  const token = await getToken(t.app, username, 'Scope-Pass-42');
  return (method, req) => send(t.app, method, req, { ...authed(token, cam), 'accept-language': 'en-US' });
}

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  adminToken = await getToken(t.app);
  w.gradeIn = await admin.create('/grades', { name: '高一', order: 1 });
  const gradeOut = await admin.create('/grades', { name: '高二', order: 2 });
  w.classIn = await admin.create('/classes', { name: '1班', gradeId: w.gradeIn });
  w.classOut = await admin.create('/classes', { name: '1班', gradeId: gradeOut });
  w.sIn = await admin.create('/students', { studentNo: 'IN001', name: 'Insider', gender: 'male', status: 'enrolled', classId: w.classIn });
  w.sOut = await admin.create('/students', {
    studentNo: w.outNo,
    name: 'Outsider',
    gender: 'female',
    status: 'enrolled',
    classId: w.classOut,
  });
  w.termId = await admin.create('/terms', {
    name: 'Spring',
    academicYear: '2025-2026',
    startDate: '2026-02-01',
    endDate: '2026-07-01',
    current: true,
  });
  const teacherId = await admin.create('/teachers', { staffNo: 'T001', name: 'Teacher', gender: 'male', status: 'active' });
  w.courseId = await admin.create('/courses', { code: 'C1', name: 'Course', termId: w.termId, teacherId, capacity: 30, status: 'open' });
  expect((await admin.api('POST', `/courses/${w.courseId}/students`, { studentIds: [w.sIn, w.sOut] })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('data scope on every student-facing route', () => {
  it('has a probe for each student-facing route of the route table', () => {
    const routes = studentFacing(t.app.routeTable);
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((k) => !PROBES[k])).toEqual([]);
    expect(Object.keys(PROBES).filter((k) => !routes.includes(k))).toEqual([]);
  });

  const kinds: [string, () => Promise<Call>][] = [
    ['chosen classes', () => scopedCaller({ kind: 'classes', classIds: [w.classIn] })],
    ['chosen grades', () => scopedCaller({ kind: 'grades', gradeIds: [w.gradeIn] })],
    ['my classes (head teacher)', () => scopedCaller({ kind: 'own' }, { headsIn: true })],
  ];
  for (const [kind, make] of kinds) {
    it(`${kind}: reads and changes nothing of a student outside it`, async () => {
      const as = await make();
      for (const key of studentFacing(t.app.routeTable)) {
        try {
          await PROBES[key]?.(as);
        } catch (err) {
          throw new Error(`${key}: ${(err as Error).message}`);
        }
      }
      const out = await admin.api('GET', `/students/${w.sOut}`);
      expect(out.body.data).toMatchObject({ name: 'Outsider', remark: '', classId: w.classOut });
      const enrolled = await admin.api('GET', `/courses/${w.courseId}/students?page=1&pageSize=10`);
      expect((enrolled.body.data as { total: number }).total).toBe(2);
    });
  }

  it('a campus-wide role (control) sees the student the scoped ones cannot', async () => {
    const as = await scopedCaller({ kind: 'campus' });
    expect((await as('GET', { url: `/api/educate/students/${w.sOut}` })).status).toBe(200);
    const list = await as('GET', { url: '/api/educate/students', query: { page: '1', pageSize: '100' } });
    expect(leaks(list)).toBe(true);
    expect((await as('GET', { url: '/api/dashboard/overview' })).json?.data).toMatchObject({ students: 2 });
  });
});
