import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordHistoryItem, StudentProfile, TeacherProfile } from '@campus/contract';
import { createCampus, createUser, getCampusIds } from '../../test/fixtures.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let camId: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId }));

let studentId: number;
let teacherId: number;
let courseId: number;
let oldCourseId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await getToken(t.app);
  [camId] = (await getCampusIds(t.database.db)) as [number];
  const old = await create('/terms', { name: '2024 秋', academicYear: '2024-2025', startDate: '2024-09-01', endDate: '2025-01-15' });
  const current = await create('/terms', {
    name: '2025 春',
    academicYear: '2024-2025',
    startDate: '2025-02-20',
    endDate: '2025-07-10',
    current: true,
  });
  teacherId = await create('/teachers', { staffNo: 'PT1', name: '李老师', gender: 'female', status: 'active', regionCode: '330106' });
  studentId = await create('/students', { studentNo: 'PS1', name: '张同学', gender: 'male', status: 'enrolled', guardianName: '张父' });
  oldCourseId = await create('/courses', { code: 'OLD1', name: '旧课', termId: old, teacherId, capacity: 30 });
  courseId = await create('/courses', { code: 'NEW1', name: '新课', termId: current, teacherId, capacity: 30, credits: 2 });
  const room = await create('/rooms', { code: 'P101', name: '101', capacity: 40 });
  for (const c of [oldCourseId, courseId])
    expect((await api('POST', `/courses/${c}/students`, { studentIds: [studentId] })).status).toBe(200);
  const entry = await api('POST', `/courses/${courseId}/schedule`, {
    weekday: 1,
    startTime: '08:00',
    endTime: '09:30',
    roomId: room,
    weekStart: 1,
    weekEnd: 16,
    weekPattern: 'all',
  });
  expect(entry.status).toBe(201);
  expect((await api('PUT', `/students/${studentId}`, { regionCode: '110105', address: '朝阳路 1 号' })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('student and teacher profiles', () => {
  it("answers a student with the native place spelled out and every enrolment, the current term's first", async () => {
    const res = await api('GET', `/students/${studentId}/profile`);
    expect(res.status).toBe(200);
    const p = res.body.data as StudentProfile;
    expect(p.student).toMatchObject({ id: studentId, name: '张同学', guardianName: '张父', regionCode: '110105', address: '朝阳路 1 号' });
    expect(p.regionName).toBe('北京市 朝阳区');
    expect(p.enrolments.map((e) => [e.courseCode, e.isCurrentTerm, e.teacherName])).toEqual([
      ['NEW1', true, '李老师'],
      ['OLD1', false, '李老师'],
    ]);
    expect(p.enrolments[0]).toMatchObject({ courseId, credits: 2, termName: '2025 春', teacherId });
  });

  it('answers a teacher with the courses they teach and their weekly minutes', async () => {
    const res = await api('GET', `/teachers/${teacherId}/profile`);
    const p = res.body.data as TeacherProfile;
    expect(p.regionName).toBe('浙江省 杭州市 西湖区');
    expect(p.courses.map((c) => [c.courseCode, c.enrolled, c.weeklyMinutes])).toEqual([
      ['NEW1', 1, 90],
      ['OLD1', 1, 0],
    ]);
  });

  it("shows the operation-log history of the record: its creation, edits and enrolments, not other records'", async () => {
    const other = await create('/students', { studentNo: 'PS2', name: '别人', gender: 'male', status: 'enrolled' });
    await api('PUT', `/students/${other}`, { remark: 'x' });
    const res = await api('GET', `/students/${studentId}/history`);
    expect(res.status).toBe(200);
    const items = res.body.data as RecordHistoryItem[];
    expect(items.map((i) => `${i.module} ${i.action}`)).toEqual([
      'educate:student edit',
      'educate:course enrol',
      'educate:course enrol',
      'educate:student add',
    ]);
    expect(items.every((i) => i.username === 'admin')).toBe(true);
    const teacherHistory = (await api('GET', `/teachers/${teacherId}/history`)).body.data as RecordHistoryItem[];
    expect(teacherHistory.map((i) => `${i.module} ${i.action}`)).toEqual([
      'educate:course add',
      'educate:course add',
      'educate:teacher add',
    ]);
  });

  it('404s a record of another campus or none, and needs the operation-log perm for the history', async () => {
    const camB = await createCampus(t.database.db, 'B');
    expect((await api('GET', `/students/${studentId}/profile`, undefined, camB)).status).toBe(403);
    expect((await api('GET', '/students/999999/profile')).status).toBe(404);
    expect((await api('GET', '/teachers/999999/history')).status).toBe(404);
    await createUser(t.database.db, { username: 'clerk', password: ADMIN_PASSWORD, perms: ['educate:student:list'], camIds: [camId] });
    const clerk = await getToken(t.app, 'clerk');
    const as = (url: string) => call(t.app, { method: 'GET', url: `/api/educate${url}`, headers: authed(clerk, camId) });
    expect((await as(`/students/${studentId}/profile`)).status).toBe(200);
    expect((await as(`/students/${studentId}/history`)).status).toBe(403);
    expect((await as(`/teachers/${teacherId}/profile`)).status).toBe(403);
  });
});
