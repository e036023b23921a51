import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageItem, Notice, UnreadCount } from '@campus/contract';
import { userCampuses } from '../../db/schema/system.js';
import { createCampus, createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

// Issue 24, defects 10 and 18: notices reach readers who arrive later; drafts,
// edits, pins and types; publishing is a campus-scoped write.
let t: TestApp;
let admin: string;
let camA: number;
let camB: number;
const PW = 'Notice-life-pass-58';

const send = (method: string, url: string, token: string, payload?: object) =>
  call(t.app, { method, url, headers: { ...authed(token), 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });
const write = async (body: object, token = admin) => {
  const res = await send('POST', '/api/system/notices', token, body);
  expect(res.status, res.body.msg).toBe(201);
  return res.body.data as Notice;
};
const box = async (token: string) => (await send('GET', '/api/message/list?type=notice', token)).body.data as MessageItem[];
const unread = async (token: string) => (await send('GET', '/api/message/unread-count', token)).body.data as UnreadCount;

async function newUser(name: string, camIds: number[], perms: string[] = []) {
  const id = await createUser(t.database.db, { username: name, password: PW, perms, camIds });
  return { id, token: await getToken(t.app, name, PW) };
}

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await createCampus(t.database.db, 'South');
  admin = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('readers who arrive after publishing', () => {
  it('a user created later receives a notice to everyone, once, dated when it was published', async () => {
    const notice = await write({ title: 'Sports day', content: 'Friday' });
    const late = await newUser('late_reader', [camA]);
    expect((await unread(late.token)).notice).toBe(1);
    const items = await box(late.token);
    expect(items.map((m) => m.title)).toEqual(['Sports day']);
    expect(items[0]?.createdAt).toBe(notice.publishedAt);
    // Looking again does not deliver it twice.
    expect(await box(late.token)).toHaveLength(1);
  });

  it('a user added to a campus later receives that campus notice', async () => {
    await write({ title: 'South campus only', camId: camB });
    const mover = await newUser('mover', [camA]);
    expect((await box(mover.token)).map((m) => m.title)).not.toContain('South campus only');
    await t.database.db.insert(userCampuses).values({ userId: mover.id, camId: camB });
    expect((await box(mover.token)).map((m) => m.title)).toContain('South campus only');
  });

  it('does not hand a newcomer old notices as unread, unless they are pinned', async () => {
    const old = await write({ title: 'Last year', camId: camA });
    const oldPinned = await write({ title: 'House rules', camId: camA, pinned: true });
    await t.database.db.execute(
      sql`update notices set published_at = now() - interval '200 days' where id in (${old.id}, ${oldPinned.id})`,
    );
    const newcomer = await newUser('newcomer', [camA]);
    const titles = (await box(newcomer.token)).map((m) => m.title);
    expect(titles).not.toContain('Last year');
    expect(titles).toContain('House rules');
  });
});

describe('drafts, edits, pins and types', () => {
  it('a draft reaches nobody until published; publishing twice is a conflict', async () => {
    const reader = await newUser('draft_reader', [camA]);
    const draft = await write({ title: 'Exam plan (draft)', camId: camA, status: 'draft', type: 'announcement' });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, recipients: 0, type: 'announcement' });
    expect((await box(reader.token)).map((m) => m.title)).not.toContain('Exam plan (draft)');

    const published = await send('POST', `/api/system/notices/${draft.id}/publish`, admin);
    expect(published.status).toBe(200);
    expect((published.body.data as Notice).status).toBe('published');
    expect((await box(reader.token)).map((m) => m.title)).toContain('Exam plan (draft)');
    expect((await send('POST', `/api/system/notices/${draft.id}/publish`, admin)).status).toBe(409);
  });

  it("an edit of a published notice shows in every reader's box; its audience stays", async () => {
    const reader = await newUser('edit_reader', [camA]);
    const notice = await write({ title: 'Bus timetable', content: 'v1', camId: camA });
    expect((await box(reader.token)).map((m) => m.title)).toContain('Bus timetable');
    const edited = await send('PUT', `/api/system/notices/${notice.id}`, admin, { title: 'Bus timetable (new)', content: 'v2' });
    expect(edited.status).toBe(200);
    const mine = (await box(reader.token)).find((m) => m.title === 'Bus timetable (new)');
    expect(mine?.content).toBe('v2');

    const moved = await send('PUT', `/api/system/notices/${notice.id}`, admin, { camId: camB });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toContain('camId');
  });

  it('a draft may change its audience', async () => {
    const draft = await write({ title: 'Draft to move', camId: camA, status: 'draft' });
    const moved = await send('PUT', `/api/system/notices/${draft.id}`, admin, { camId: camB });
    expect(moved.status).toBe(200);
    expect((moved.body.data as Notice).camId).toBe(camB);
  });

  it('lists pinned notices first in the message box', async () => {
    const reader = await newUser('pin_reader', [camA]);
    await write({ title: 'Pinned first', camId: camA, pinned: true });
    await write({ title: 'Newer but plain', camId: camA });
    const items = await box(reader.token);
    expect(items[0]).toMatchObject({ title: 'Pinned first', pinned: true });
    expect(items.find((m) => m.title === 'Newer but plain')?.pinned).toBe(false);
  });
});

describe('publishing is a campus-scoped write', () => {
  const perms = ['system:notice:list', 'system:notice:publish', 'system:notice:edit', 'system:notice:delete'];

  it('a publisher of campus A may address campus A, not campus B and not everyone, and manages only what they see', async () => {
    const clerk = await newUser('clerk_a', [camA], perms);
    expect((await send('POST', '/api/system/notices', clerk.token, { title: 'For A', camId: camA })).status).toBe(201);
    const toB = await send('POST', '/api/system/notices', clerk.token, { title: 'For B', camId: camB });
    expect(toB.status).toBe(403);
    const toAll = await send('POST', '/api/system/notices', clerk.token, { title: 'For all' });
    expect(toAll.status).toBe(403);
    expect(toAll.body.msg).toMatch(/every campus/);

    const bNotice = await write({ title: 'B business', camId: camB });
    const listed = (await send('GET', '/api/system/notices?pageSize=200', clerk.token)).body.data as { list: Notice[] };
    expect(listed.list.map((n) => n.title)).not.toContain('B business');
    expect(listed.list.every((n) => n.camId === null || n.camId === camA)).toBe(true);
    expect((await send('PUT', `/api/system/notices/${bNotice.id}`, clerk.token, { title: 'Hijacked' })).status).toBe(404);
    expect((await send('DELETE', `/api/system/notices/${bNotice.id}`, clerk.token)).status).toBe(404);
  });

  it('a publisher who reaches every campus may address everyone', async () => {
    const head = await newUser('head_all', [camA, camB], perms);
    expect((await send('POST', '/api/system/notices', head.token, { title: 'Whole school' })).status).toBe(201);
  });
});

describe('GET /api/system/notices/audiences', () => {
  it('offers a campus publisher their campuses and not everyone; an all-campus one everyone', async () => {
    const perms = ['system:notice:publish'];
    const one = await newUser('aud_one', [camB], perms);
    const res = await send('GET', '/api/system/notices/audiences', one.token);
    expect(res.body.data).toEqual({ campuses: [{ cam_id: camB, name: 'South' }], everyone: false });
    const all = (await send('GET', '/api/system/notices/audiences', admin)).body.data as { everyone: boolean; campuses: unknown[] };
    expect(all.everyone).toBe(true);
    expect(all.campuses).toHaveLength(2);
  });
});
