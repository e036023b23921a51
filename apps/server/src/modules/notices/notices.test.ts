import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createCampus, createUser, getCampusIds, setUserStatus } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let camA: number;
let camB: number;
const PW = 'Notice-page-pass-57';
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const as = (who: string) => (who === 'admin' ? admin : (tokens[who] ?? ''));

function publish(payload: Record<string, unknown> | string, who = 'admin') {
  const isForm = typeof payload === 'string';
  return call(t.app, {
    method: 'POST',
    url: '/api/system/notices',
    headers: { ...authed(as(who)), 'accept-language': 'en-US', ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    payload,
  });
}
async function listNotices(query = '', who = 'admin') {
  return call(t.app, { method: 'GET', url: `/api/system/notices${query}`, headers: { ...authed(as(who)), 'accept-language': 'en-US' } });
}
async function titlesInBox(userId: number): Promise<string[]> {
  const found = await rows<{ title: string }>(sql`select title from messages where user_id = ${userId} and type = 'notice' order by id`);
  return found.map((r) => r.title);
}
async function activeUserIds(): Promise<number[]> {
  return (await rows<{ id: number }>(sql`select id from users where status = 'active' order by id`)).map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await createCampus(t.database.db, 'North');
  admin = await getToken(t.app);
  for (const [name, cams, perms] of [
    ['ann', [camA], []],
    ['ben', [camB], []],
    ['cat', [camA, camB], []],
    ['dan', [camA], []],
    ['lister', [camA], ['system:notice:list']],
    ['poster', [camB], ['system:notice:publish']],
  ] as const) {
    ids[name] = await createUser(t.database.db, { username: name, password: PW, perms: [...perms], camIds: [...cams] });
    tokens[name] = await getToken(t.app, name, PW);
  }
  // A disabled account receives nothing, on its campus or for everyone.
  await setUserStatus(t.database.db, ids.dan ?? 0, 'disabled');
});
afterAll(async () => {
  await t?.close();
});

describe('publishing to everyone', () => {
  it.each([
    ['omitted', { title: 'All: omitted' }],
    ['null', { title: 'All: null', camId: null }],
    ['blank from a JSON form', { title: 'All: blank', camId: '' }],
    ['blank from a url-encoded form', 'title=All%3A%20form&content=Hello&camId='],
  ])('camId %s reaches every active user and no disabled one', async (_case, payload) => {
    const res = await publish(payload);
    expect(res.status).toBe(201);
    const notice = res.body.data as Notice;
    expect(notice).toMatchObject({ camId: null, camName: null });
    const active = await activeUserIds();
    expect(notice.recipients).toBe(active.length);
    const got = await rows<{ userId: number }>(
      sql`select user_id as "userId" from messages where notice_id = ${notice.id} order by user_id`,
    );
    expect(got.map((r) => r.userId)).toEqual(active);
    expect(await titlesInBox(ids.dan ?? 0)).not.toContain(notice.title);
  });
});

describe('publishing to a campus', () => {
  it('reaches the active users of that campus only', async () => {
    const res = await publish({ title: 'North only', content: 'Fire drill at 10', camId: camB });
    expect(res.status).toBe(201);
    const notice = res.body.data as Notice;
    expect(notice).toMatchObject({
      camId: camB,
      camName: 'North',
      title: 'North only',
      content: 'Fire drill at 10',
      publisherName: '系统管理员',
    });
    const expected = await rows<{ id: number }>(
      sql`select u.id from users u join user_campuses uc on uc.user_id = u.id and uc.cam_id = ${camB} where u.status = 'active' order by u.id`,
    );
    const got = await rows<{ userId: number }>(
      sql`select user_id as "userId" from messages where notice_id = ${notice.id} order by user_id`,
    );
    expect(got.map((r) => r.userId)).toEqual(expected.map((r) => r.id));
    expect(notice.recipients).toBe(expected.length);
    expect(await titlesInBox(ids.ben ?? 0)).toContain('North only');
    expect(await titlesInBox(ids.cat ?? 0)).toContain('North only');
    expect(await titlesInBox(ids.ann ?? 0)).not.toContain('North only');

    // The recipient reads it through the API too.
    const box = await call(t.app, { method: 'GET', url: '/api/message/list?type=notice', headers: authed(as('ben')) });
    expect((box.body.data as { title: string }[]).map((m) => m.title)).toContain('North only');
  });

  it('answers 400 naming the field for a bad campus id, 404 for an unknown campus', async () => {
    for (const camId of ['abc', 0, -3, 1.5, true]) {
      const res = await publish({ title: 'Bad', camId });
      expect(res.status, String(camId)).toBe(400);
      expect(res.body.msg, String(camId)).toMatch(/camId/);
    }
    const unknown = await publish({ title: 'Nowhere', camId: 999_999 });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 naming the field for a blank or long title, an extra field, or a NUL byte', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ' }, /title/],
      [{ title: 'x'.repeat(201) }, /title/],
      [{ title: 'ok', content: 'y'.repeat(5001) }, /content/],
      [{ title: 'ok', audience: 'all' }, /audience/],
      [{ title: 'a\u0000b' }, /title/],
    ];
    for (const [payload, field] of cases) {
      const res = await publish(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.body.msg).toMatch(field);
    }
    const [made] = await rows<{ n: number }>(sql`select count(*)::int as n from notices where title in ('ok', '   ')`);
    expect(made?.n).toBe(0);
  });
});

describe('access', () => {
  it('publishing needs system:notice:publish; listing system:notice:list; withdrawing system:notice:delete', async () => {
    expect((await publish({ title: 'By ann' }, 'ann')).status).toBe(403);
    expect((await publish({ title: 'By lister' }, 'lister')).status).toBe(403);
    const byPoster = await publish({ title: 'By poster', camId: camB }, 'poster');
    expect(byPoster.status).toBe(201);
    expect((byPoster.body.data as Notice).publisherName).toBe('poster');

    expect((await listNotices('', 'ann')).status).toBe(403);
    expect((await listNotices('', 'poster')).status).toBe(403);
    expect((await listNotices('', 'lister')).status).toBe(200);
    const anonymous = await call(t.app, { method: 'GET', url: '/api/system/notices' });
    expect(anonymous.status).toBe(401);

    const id = (byPoster.body.data as Notice).id;
    for (const who of ['ann', 'lister', 'poster']) {
      const res = await call(t.app, { method: 'DELETE', url: `/api/system/notices/${id}`, headers: authed(as(who)) });
      expect(res.status, who).toBe(403);
    }
    expect(await titlesInBox(ids.ben ?? 0)).toContain('By poster');
  });
});

describe('the list', () => {
  it('pages without repeats or gaps, newest first, and counts the total', async () => {
    const [all] = await rows<{ n: number }>(sql`select count(*)::int as n from notices`);
    const total = all?.n ?? 0;
    expect(total).toBe(6);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const res = await listNotices(`?page=${page}&pageSize=3`);
      expect(res.status).toBe(200);
      const data = res.body.data as { list: Notice[]; total: number; page: number; pageSize: number };
      expect(data).toMatchObject({ total, page, pageSize: 3 });
      seen.push(...data.list.map((n) => n.id));
    }
    expect(new Set(seen).size).toBe(total);
    const newest = await rows<{ id: number }>(sql`select id from notices order by created_at desc, id desc`);
    expect(seen).toEqual(newest.map((r) => r.id));
  });

  it('filters by part of the title and by audience, sorts by title, and shows campus names', async () => {
    const byKeyword = (await listNotices('?keyword=north')).body.data as { list: Notice[]; total: number };
    expect(byKeyword.list.map((n) => n.title)).toEqual(['North only']);
    expect(byKeyword.total).toBe(1);
    // LIKE wildcards in the keyword are text, not patterns.
    expect(((await listNotices('?keyword=%25')).body.data as { total: number }).total).toBe(0);

    const everyone = (await listNotices('?target=everyone&pageSize=100')).body.data as { list: Notice[] };
    expect(everyone.list.length).toBe(4);
    expect(everyone.list.every((n) => n.camId === null && n.camName === null)).toBe(true);
    const north = (await listNotices(`?target=${camB}&pageSize=100`)).body.data as { list: Notice[] };
    expect(north.list.map((n) => n.title).sort()).toEqual(['By poster', 'North only']);
    expect(north.list.every((n) => n.camName === 'North')).toBe(true);
    expect(((await listNotices('?target=')).body.data as { total: number }).total).toBe(6);

    const sorted = (await listNotices('?sort=title:asc&pageSize=100')).body.data as { list: Notice[] };
    const titles = sorted.list.map((n) => n.title);
    const [dbOrder] = await rows<{ titles: string[] }>(sql`select array_agg(title order by title asc, id asc) as titles from notices`);
    expect(titles).toEqual(dbOrder?.titles);

    for (const bad of ['?sort=title;drop', '?sort=recipients:asc', '?target=somewhere', '?pageSize=0', '?page=x', '?camId=1']) {
      const res = await listNotices(bad);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('withdrawing', () => {
  it("takes the notice out of every recipient's box with it, logged, and 404 the second time", async () => {
    const res = await publish({ title: 'Oops', camId: camA });
    const notice = res.body.data as Notice;
    expect(notice.recipients).toBeGreaterThan(1);
    expect(await titlesInBox(ids.ann ?? 0)).toContain('Oops');
    const unreadBefore = await call(t.app, { method: 'GET', url: '/api/message/unread-count', headers: authed(as('ann')) });

    const del = await call(t.app, { method: 'DELETE', url: `/api/system/notices/${notice.id}`, headers: authed(admin) });
    expect(del.status).toBe(200);
    const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from messages where notice_id = ${notice.id}`);
    expect(left?.n).toBe(0);
    expect(await titlesInBox(ids.ann ?? 0)).not.toContain('Oops');
    const unreadAfter = await call(t.app, { method: 'GET', url: '/api/message/unread-count', headers: authed(as('ann')) });
    expect((unreadAfter.body.data as { notice: number }).notice).toBe((unreadBefore.body.data as { notice: number }).notice - 1);
    const [logged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from oper_logs where method = 'DELETE' and path = ${`/api/system/notices/${notice.id}`} and status = 200`,
    );
    expect(logged?.n).toBe(1);

    expect((await call(t.app, { method: 'DELETE', url: `/api/system/notices/${notice.id}`, headers: authed(admin) })).status).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: '/api/system/notices/abc', headers: authed(admin) })).status).toBe(400);
  });

  it('withdraws several at once, all or none', async () => {
    const one = ((await publish({ title: 'Bulk 1', camId: camA })).body.data as Notice).id;
    const two = ((await publish({ title: 'Bulk 2' })).body.data as Notice).id;
    const countOf = async () =>
      (
        await rows<{ n: number; m: number }>(
          sql`select (select count(*)::int from notices where id in (${one}, ${two})) as n,
                   (select count(*)::int from messages where notice_id in (${one}, ${two})) as m`,
        )
      )[0];
    const before = await countOf();
    expect(before?.n).toBe(2);
    expect(before?.m).toBeGreaterThan(2);

    const bulk = (ids: unknown) =>
      call(t.app, {
        method: 'DELETE',
        url: '/api/system/notices',
        headers: { ...authed(admin), 'accept-language': 'en-US' },
        payload: { ids },
      });
    // One unknown id: a 404, and the known ones stay, messages included.
    expect((await bulk([one, two, 987_654])).status).toBe(404);
    expect(await countOf()).toEqual(before);
    expect((await bulk([])).status).toBe(400);
    const denied = await call(t.app, {
      method: 'DELETE',
      url: '/api/system/notices',
      headers: authed(as('lister')),
      payload: { ids: [one] },
    });
    expect(denied.status).toBe(403);

    expect((await bulk([one, two, one])).status).toBe(200);
    expect(await countOf()).toEqual({ n: 0, m: 0 });
    expect(await titlesInBox(ids.ann ?? 0)).not.toContain('Bulk 1');
    expect(await titlesInBox(ids.ben ?? 0)).not.toContain('Bulk 2');
  });
});

describe('the menu migration', () => {
  it('gives an existing database the Notice menu under System, for the admin role, once', async () => {
    const file = fs.readdirSync(path.join(import.meta.dirname, '../../db/migrations')).find((f) => f.endsWith('_menu_notice.sql'));
    expect(file).toBeDefined();
    const statements = fs
      .readFileSync(path.join(import.meta.dirname, '../../db/migrations', file ?? ''), 'utf8')
      .split('--> statement-breakpoint');
    const apply = async () => {
      for (const s of statements) await queryRows(t.database.db, sql.raw(s));
    };
    // As a database seeded before the page existed.
    await rows(sql`delete from role_menus where menu_id in (select id from menus where name = 'Notice')`);
    await rows(sql`delete from menus where name = 'Notice'`);
    await apply();
    await apply();
    const found = await rows<{ path: string; parent: string; perms: string[]; admins: number }>(
      sql`select m.path, p.name as parent, m.perms,
            (select count(*)::int from role_menus rm join roles r on r.id = rm.role_id where rm.menu_id = m.id and r.code = 'admin') as admins
          from menus m join menus p on p.id = m.parent_id where m.name = 'Notice'`,
    );
    expect(found).toEqual([{ path: '/system/notice', parent: 'System', perms: ['system:notice:list'], admins: 1 }]);
    const tree = await call(t.app, { method: 'GET', url: '/api/user/menuList', headers: authed(admin) });
    expect(JSON.stringify(tree.body.data)).toContain('"/system/notice"');
  });
});
