import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageItem, UnreadCount } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createCampus, createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';
import { raiseTodo } from '../../lib/todos.js';
import { scanForTodos } from './todo-scan.js';

let t: TestApp;
let admin: string;
let camA: number;
let camB: number;
const PW = 'Message-box-pass-31';
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const en = { 'accept-language': 'en-US' };

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const as = (who: string) => (who === 'admin' ? admin : (tokens[who] ?? ''));

async function list(who: string, lang: Record<string, string> = en) {
  const res = await call(t.app, { method: 'GET', url: '/api/message/list', headers: { ...authed(as(who)), ...lang } });
  expect(res.status).toBe(200);
  return res.body.data as MessageItem[];
}
async function unread(who: string) {
  const res = await call(t.app, { method: 'GET', url: '/api/message/unread-count', headers: authed(as(who)) });
  return res.body.data as UnreadCount;
}
const read = (who: string, msgIds: number[]) =>
  call(t.app, { method: 'POST', url: '/api/message/read', headers: authed(as(who)), payload: { ids: msgIds } });
async function publish(title: string, camId: number | null, who = 'admin') {
  return call(t.app, {
    method: 'POST',
    url: '/api/system/notices',
    headers: authed(as(who)),
    payload: { title, content: `${title} content`, ...(camId === null ? {} : { camId }) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await createCampus(t.database.db, 'B');
  admin = await getToken(t.app);
  for (const [name, cams] of [
    ['alice', [camA]],
    ['bob', [camB]],
    ['carol', [camA, camB]],
  ] as const) {
    ids[name] = await createUser(t.database.db, { username: name, password: PW, perms: [], camIds: [...cams] });
    tokens[name] = await getToken(t.app, name, PW);
  }
  ids.publisher = await createUser(t.database.db, {
    username: 'publisher',
    password: PW,
    perms: ['system:notice:list', 'system:notice:publish', 'system:notice:delete'],
    camIds: [camA],
  });
  tokens.publisher = await getToken(t.app, 'publisher', PW);
});
afterAll(async () => {
  await t?.close();
});

describe('notices', () => {
  it('reach the users of the campus only, or everyone', async () => {
    const toA = await publish('Campus A drill', camA, 'publisher');
    expect(toA.status).toBe(201);
    expect(toA.body.data).toMatchObject({ title: 'Campus A drill', camId: camA, recipients: 4 });
    expect((await list('alice')).map((m) => m.title)).toContain('Campus A drill');
    expect((await list('carol')).map((m) => m.title)).toContain('Campus A drill');
    expect((await list('admin')).map((m) => m.title)).toContain('Campus A drill');
    expect((await list('bob')).map((m) => m.title)).not.toContain('Campus A drill');

    const all = await publish('Holiday', null);
    expect(all.status).toBe(201);
    const [users] = await rows<{ n: number }>(sql`select count(*)::int as n from users where status = 'active'`);
    expect((all.body.data as { recipients: number }).recipients).toBe(users?.n);
    for (const who of ['alice', 'bob', 'carol', 'admin', 'publisher']) {
      const mine = await list(who);
      const notice = mine.find((m) => m.title === 'Holiday');
      expect(notice, who).toMatchObject({ type: 'notice', status: 0, content: 'Holiday content', time: 'Today', subTitle: '系统管理员' });
    }
  });

  it('are listed for system:notice:list, need the publish perm, and a withdrawn one leaves the boxes', async () => {
    const page = await call(t.app, { method: 'GET', url: '/api/system/notices', headers: authed(tokens.publisher ?? '') });
    expect(page.status).toBe(200);
    expect((page.body.data as { total: number }).total).toBe(2);
    expect((await publish('Nope', null, 'alice')).status).toBe(403);
    expect((await publish('Nowhere', 999_999)).status).toBe(404);

    const res = await publish('Mistake', camB);
    const id = (res.body.data as { id: number }).id;
    expect((await list('bob')).map((m) => m.title)).toContain('Mistake');
    const del = await call(t.app, { method: 'DELETE', url: `/api/system/notices/${id}`, headers: authed(admin) });
    expect(del.status).toBe(200);
    expect((await list('bob')).map((m) => m.title)).not.toContain('Mistake');
    expect((await call(t.app, { method: 'DELETE', url: `/api/system/notices/${id}`, headers: authed(admin) })).status).toBe(404);
  });
});

describe('the message box is per user', () => {
  it('never shows or changes another user’s messages', async () => {
    const aliceMsgs = await list('alice');
    const bobMsgs = await list('bob');
    const aliceIds = new Set(aliceMsgs.map((m) => m.id));
    expect(bobMsgs.some((m) => aliceIds.has(m.id))).toBe(false);
    const [owned] = await rows<{ n: number }>(sql`select count(*)::int as n from messages where user_id = ${ids.alice ?? 0}`);
    expect(aliceMsgs).toHaveLength(owned?.n ?? -1);

    const foreign = aliceMsgs[0]?.id ?? 0;
    const own = bobMsgs[0]?.id ?? 0;
    const refused = await read('bob', [foreign]);
    expect(refused.status).toBe(404);
    // A mix of one's own and another's changes nothing at all.
    expect((await read('bob', [own, foreign])).status).toBe(404);
    expect((await list('alice')).find((m) => m.id === foreign)?.status).toBe(0);
    expect((await list('bob')).find((m) => m.id === own)?.status).toBe(0);
    expect((await read('bob', [987_654_321])).status).toBe(404);
    expect((await read('bob', [])).status).toBe(400);
  });

  it('keeps read state, counts unread, and reads all', async () => {
    const before = await unread('carol');
    const mine = await list('carol');
    expect(before.total).toBe(mine.filter((m) => m.status === 0).length);
    expect(before.notice).toBe(mine.filter((m) => m.type === 'notice' && m.status === 0).length);

    const first = mine[0]?.id ?? 0;
    const res = await read('carol', [first]);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    expect((await list('carol')).find((m) => m.id === first)?.status).toBe(1);
    expect((await unread('carol')).total).toBe(before.total - 1);
    // Reading again is fine and keeps it read.
    expect((await read('carol', [first])).status).toBe(200);

    const all = await call(t.app, { method: 'POST', url: '/api/message/read-all', headers: authed(as('carol')), payload: {} });
    expect(all.status).toBe(200);
    expect((all.body.data as { updated: number }).updated).toBe(before.total - 1);
    expect((await unread('carol')).total).toBe(0);
    expect((await list('carol')).every((m) => m.status === 1)).toBe(true);
    // Nobody else's box moved.
    expect((await unread('alice')).total).toBeGreaterThan(0);
  });

  it('filters by type and status', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/message/list?type=notice&status=0', headers: authed(as('alice')) });
    const data = res.body.data as MessageItem[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((m) => m.type === 'notice' && m.status === 0)).toBe(true);
  });

  it('says when, as a relative day in the reader’s language', async () => {
    const mine = await list('alice');
    const [a, b] = mine;
    await t.database.db.execute(sql`update messages set created_at = now() - interval '1 day' where id = ${a?.id ?? 0}`);
    await t.database.db.execute(sql`update messages set created_at = now() - interval '3 days' where id = ${b?.id ?? 0}`);
    const enList = await list('alice');
    expect(enList.find((m) => m.id === a?.id)?.time).toBe('Yesterday');
    expect(enList.find((m) => m.id === b?.id)?.time).toBe('3 days ago');
    const zhList = await list('alice', { 'accept-language': 'zh-CN' });
    expect(zhList.find((m) => m.id === a?.id)?.time).toBe('昨天');
    expect(zhList.find((m) => m.id === b?.id)?.time).toBe('3天前');
  });
});

describe('system todos', () => {
  it('raiseTodo keeps one open todo per subject and renders in the reader’s language', async () => {
    const userId = ids.alice ?? 0;
    const title = { key: 'todo.changePassword.title' } as const;
    const content = { key: 'todo.changePassword.content' } as const;
    expect(await t.database.db.transaction((tx) => raiseTodo(tx, userId, 'user:password', title, content))).toBe(true);
    expect(await t.database.db.transaction((tx) => raiseTodo(tx, userId, 'user:password', title, content))).toBe(false);
    const todos = (await list('alice')).filter((m) => m.type === 'todo');
    expect(todos).toHaveLength(1);
    expect(todos[0]?.title).toBe('Change your password');
    expect((await list('alice', { 'accept-language': 'zh-CN' })).find((m) => m.type === 'todo')?.title).toBe('请修改密码');
    expect((await unread('alice')).todo).toBe(1);
  });

  it('the scan raises a todo for a room too small or a clash, once, and closes it when fixed', async () => {
    // A current term with a course of 3 students in a 2-seat room, and a second course double-booking the teacher.
    const [term] = await rows<{ id: number }>(
      sql`insert into terms (cam_id, name, academic_year, start_date, end_date, is_current)
          values (${camA}, 'T', '2099-2100', current_date - 30, current_date + 60, true) returning id`,
    );
    const [teacher] = await rows<{ id: number }>(
      sql`insert into teachers (cam_id, staff_no, name, gender, status) values (${camA}, 'T9', 'Ms Lee', 'female', 'active') returning id`,
    );
    const [room] = await rows<{ id: number }>(
      sql`insert into rooms (cam_id, code, name, capacity) values (${camA}, 'R9', 'Tiny room', 2) returning id`,
    );
    const [c1, c2] = await rows<{ id: number }>(
      sql`insert into courses (cam_id, term_id, code, name, teacher_id, capacity, enrolled_count)
          values (${camA}, ${term?.id ?? 0}, 'C1', 'Physics', ${teacher?.id ?? 0}, 30, 3),
                 (${camA}, ${term?.id ?? 0}, 'C2', 'Chemistry', ${teacher?.id ?? 0}, 30, 0) returning id`,
    );
    await t.database.db.execute(
      sql`insert into schedule_entries (cam_id, course_id, weekday, start_min, end_min, room_id, teacher_id, week_start, week_end, week_pattern)
          values (${camA}, ${c1?.id ?? 0}, 1, 480, 570, ${room?.id ?? 0}, ${teacher?.id ?? 0}, 1, 10, 'all'),
                 (${camA}, ${c2?.id ?? 0}, 1, 540, 600, ${room?.id ?? 0}, ${teacher?.id ?? 0}, 1, 10, 'odd')`,
    );
    const first = await scanForTodos(t.database.db);
    expect(first.raised).toBeGreaterThanOrEqual(2);
    const adminTodos = (await list('admin')).filter((m) => m.type === 'todo');
    expect(adminTodos.map((m) => m.title).sort()).toEqual(['Room too small: Physics', 'Schedule clash: Physics and Chemistry']);
    expect(adminTodos.find((m) => m.title.startsWith('Room'))?.content).toBe(
      'Course "Physics" has 3 students but room Tiny room seats only 2 (Mon 08:00-09:30).',
    );
    const zh = (await list('admin', { 'accept-language': 'zh-CN' })).filter((m) => m.type === 'todo');
    expect(zh.map((m) => m.title).sort()).toEqual(['教室容量不足：Physics', '课表冲突：Physics 与 Chemistry']);
    // Users without the perm, or of another campus, get none.
    expect((await list('bob')).some((m) => m.type === 'todo')).toBe(false);
    expect((await list('carol')).some((m) => m.type === 'todo')).toBe(false);

    expect((await scanForTodos(t.database.db)).raised).toBe(0);
    expect((await list('admin')).filter((m) => m.type === 'todo')).toHaveLength(2);

    await t.database.db.execute(sql`update rooms set capacity = 40 where id = ${room?.id ?? 0}`);
    await t.database.db.execute(sql`delete from schedule_entries where course_id = ${c2?.id ?? 0}`);
    const fixed = await scanForTodos(t.database.db);
    expect(fixed).toEqual({ raised: 0, closed: 2 });
    expect((await unread('admin')).todo).toBe(0);
  });
});

describe('GET /api/message/stream', () => {
  it('pushes the new unread count without a reload, and closes with the app', async () => {
    const local = await createTestApp();
    try {
      await local.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = local.app.server.address() as AddressInfo;
      const token = await getToken(local.app);
      const events: UnreadCount[] = [];
      let buffer = '';
      let waiter: (() => void) | null = null;
      const req = http.get({ host: '127.0.0.1', port, path: '/api/message/stream', headers: authed(token) });
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        req.on('response', resolve);
        req.on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: unread\ndata: (.*)$/m.exec(block);
          if (data?.[1]) events.push(JSON.parse(data[1]) as UnreadCount);
          waiter?.();
        }
      });
      const waitFor = async (n: number) => {
        const deadline = Date.now() + 10_000;
        while (events.length < n && Date.now() < deadline) await new Promise<void>((r) => ((waiter = r), setTimeout(r, 200)));
        expect(events.length).toBeGreaterThanOrEqual(n);
      };
      await waitFor(1);
      expect(events[0]?.total).toBe(0);

      const published = await call(local.app, {
        method: 'POST',
        url: '/api/system/notices',
        headers: authed(token),
        payload: { title: 'Live', content: 'now' },
      });
      expect(published.status).toBe(201);
      await waitFor(2);
      expect(events[1]).toEqual({ total: 1, message: 0, notice: 1, todo: 0 });

      const [msg] = await queryRows<{ id: number }>(local.database.db, sql`select id from messages where title = 'Live'`);
      await call(local.app, { method: 'POST', url: '/api/message/read', headers: authed(token), payload: { ids: [msg?.id ?? 0] } });
      await waitFor(3);
      expect(events[2]?.total).toBe(0);

      const ended = new Promise<void>((resolve) => response.on('end', resolve));
      await local.app.close();
      await ended;
    } finally {
      await local.close();
    }
  });

  it('needs a session', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/message/stream' });
    expect(res.status).toBe(401);
  });
});
