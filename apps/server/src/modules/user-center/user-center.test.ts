import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { avatarLinkExpiry, isAvatarLinkValid } from '../../lib/avatar-links.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { encodePng } from '../../test/png.js';
import { authed, call, createTestApp, getToken, login, multipartFile, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let camId: number;
let seq = 0;
const PASSWORD = 'Center-Test-Passw0rd!';
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '10000', LOGIN_RATE_PER_MIN: '100000' });
  [camId = 0] = await getCampusIds(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const api = (token: string, method: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...authed(token), 'accept-language': 'en-US', ...headers }, ...(payload ? { payload } : {}) });

async function makeUser() {
  const username = `uc${++seq}`;
  const id = await createUser(t.database.db, { username, password: PASSWORD, perms: [], camIds: [camId], phone: `1390000${1000 + seq}` });
  return { id, username, token: await getToken(t.app, username, PASSWORD) };
}

async function signIn(username: string, userAgent: string): Promise<string> {
  const res = await login(t.app, username, PASSWORD, { 'user-agent': userAgent });
  return res.json<{ data: string }>().data;
}

const upload = (token: string, filename: string, content: Buffer) => {
  const mp = multipartFile(filename, content);
  return call(t.app, {
    method: 'POST',
    url: '/api/user/avatar',
    headers: { ...authed(token), 'accept-language': 'en-US', ...mp.headers },
    payload: mp.payload,
  });
};

const avatarCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from user_avatars`))[0]?.n ?? 0;

describe('profile', () => {
  it("edits one's own fields and answers the new current user", async () => {
    const u = await makeUser();
    const res = await api(u.token, 'PUT', '/api/user/profile', {
      nickname: '  Ms Lin  ',
      email: 'lin@example.edu',
      job: 'Maths teacher',
      organization: 'Maths group',
      location: 'Hangzhou',
      introduction: 'Teaches algebra.',
      personalWebsite: 'https://lin.example.edu/',
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({
      nickname: 'Ms Lin',
      email: 'lin@example.edu',
      job: 'Maths teacher',
      jobName: 'Maths teacher',
      organization: 'Maths group',
      organizationName: 'Maths group',
      location: 'Hangzhou',
      locationName: 'Hangzhou',
      introduction: 'Teaches algebra.',
      personalWebsite: 'https://lin.example.edu/',
    });
    const me = await api(u.token, 'GET', '/api/user/currentUser');
    expect(me.body.data).toMatchObject({ nickname: 'Ms Lin', personalWebsite: 'https://lin.example.edu/' });
  });

  it('refuses a javascript: website, a bad email and an unknown field, naming each, and writes nothing', async () => {
    const u = await makeUser();
    for (const [body, field] of [
      [{ personalWebsite: 'javascript:alert(1)' }, 'personalWebsite'],
      [{ personalWebsite: 'JaVaScRiPt:alert(document.cookie)' }, 'personalWebsite'],
      [{ personalWebsite: 'data:text/html,<script>1</script>' }, 'personalWebsite'],
      [{ email: 'not-an-email' }, 'email'],
      [{ nickname: '' }, 'nickname'],
      [{ introduction: 'x'.repeat(501) }, 'introduction'],
      [{ username: 'someone-else' }, 'username'],
    ] as const) {
      const res = await api(u.token, 'PUT', '/api/user/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(field);
    }
    const js = await api(u.token, 'PUT', '/api/user/profile', { personalWebsite: 'javascript:alert(1)' });
    expect(js.body.msg).toMatch(/http:\/\/ or https:\/\//);
    const [row] = await queryRows<{ personal_website: string; nickname: string }>(
      t.database.db,
      sql`select personal_website, nickname from users where id = ${u.id}`,
    );
    expect(row).toEqual({ personal_website: '', nickname: u.username });
  });

  it('takes a phone by the rule the user page saves it by', async () => {
    const u = await makeUser();
    // "12345" was taken here and then refused by the user page, which could no longer save that user.
    for (const phone of ['12345', '+1-555-0100-000000']) {
      const res = await api(u.token, 'PUT', '/api/user/profile', { phone });
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('phone');
    }
    const ok = await api(u.token, 'PUT', '/api/user/profile', { phone: '１３９００００１２３４' });
    expect(ok.status).toBe(200);
    const [row] = await queryRows<{ phone: string }>(t.database.db, sql`select phone from users where id = ${u.id}`);
    expect(row?.phone).toBe('13900001234');
    const admin = await api(await getToken(t.app), 'PUT', `/api/system/users/${u.id}`, { nickname: 'renamed', phone: row?.phone });
    expect(admin.status).toBe(200);
  });

  it("refuses another user's phone number with 409 naming phone", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const [taken] = await queryRows<{ phone: string }>(t.database.db, sql`select phone from users where id = ${b.id}`);
    const res = await api(a.token, 'PUT', '/api/user/profile', { phone: taken?.phone });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('phone');
  });
});

describe('avatar', () => {
  it('redraws an upload as a 256 px WebP without metadata, served by a signed link that carries no session token', async () => {
    const u = await makeUser();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS-SECRET-COORDINATES', ImageDescription: 'home address' } })
      .toBuffer();
    expect(photo.includes(Buffer.from('GPS-SECRET-COORDINATES'))).toBe(true);
    const res = await upload(u.token, 'me.jpg', photo);
    expect(res.status, res.body.msg).toBe(200);
    const url = (res.body.data as { headimgurl: string }).headimgurl;
    expect(url).toMatch(/^\/api\/user\/avatar\/\d+\/[a-f0-9]{16}\/\d+\/[A-Za-z0-9_-]{43}$/);
    expect(url).not.toContain(u.token);
    const me = await api(u.token, 'GET', '/api/user/currentUser');
    expect((me.body.data as { headimgurl: string }).headimgurl).toBe(url);
    // An <img> sends no bearer header: the link alone serves it.
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(String(img.headers['cache-control'])).toMatch(/^private, max-age=\d+/);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from('GPS-SECRET'))).toBe(false);
    // A changed signature, user or version is refused.
    const tampered = url.replace(/\/[A-Za-z0-9_-]{5}([A-Za-z0-9_-]{38})$/, '/AAAAA$1');
    expect(tampered).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherExp = url.replace(/\/(\d+)\/([A-Za-z0-9_-]{43})$/, (_, n: string, sig: string) => `/${Number(n) + 43_200}/${sig}`);
    expect(otherExp).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: otherExp })).statusCode).toBe(403);
  });

  it('links expire: valid 12 to 24 hours, refused afterwards', async () => {
    const now = Date.UTC(2026, 10, 25, 9, 30);
    const exp = avatarLinkExpiry(now);
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(12 * 3600_000);
    expect(exp * 1000 - now).toBeLessThanOrEqual(24 * 3600_000);
    const u = await makeUser();
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff8800' } })
      .png()
      .toBuffer();
    const url = ((await upload(u.token, 'a.png', png)).body.data as { headimgurl: string }).headimgurl;
    const [, , , , userId, version, linkExp, sig] = url.split('/');
    const link = { userId: Number(userId), version: version ?? '', exp: Number(linkExp), sig: sig ?? '' };
    expect(await isAvatarLinkValid(t.database.db, link)).toBe(true);
    expect(await isAvatarLinkValid(t.database.db, link, link.exp * 1000 + 1)).toBe(false);
  });

  it('refuses a non-image named .png, an SVG, an image bomb, a damaged image and a 3 MiB file, with clear messages, storing nothing', async () => {
    const u = await makeUser();
    const before = await avatarCount();
    const text = await upload(u.token, 'holiday.png', Buffer.from('This is a text file, not a picture.'));
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('file: is not a PNG, JPEG or WebP image');
    const svg = await upload(u.token, 'logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.status).toBe(400);
    const bomb = encodePng(60_000, 60_000, 1);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const bombed = await upload(u.token, 'bomb.png', bomb);
    expect(bombed.status).toBe(400);
    expect(bombed.body.msg).toBe('file: the image is too large (60000×60000); at most 8000×8000 pixels');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const damaged = await upload(u.token, 'cut.png', png.subarray(0, 40));
    expect(damaged.status).toBe(400);
    expect(damaged.body.msg).toMatch(/^file: /);
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(u.token, 'big.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe(ResultCode.tooLarge);
    expect(tooBig.body.msg).toBe('file: the image must be at most 2 MiB');
    const none = await api(u.token, 'POST', '/api/user/avatar', { file: 'x.png' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('file');
    expect(await avatarCount()).toBe(before);
    const mp = multipartFile('a.png', Buffer.from('nope'));
    const zh = await call(t.app, {
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...authed(u.token), ...mp.headers },
      payload: mp.payload,
    });
    expect(zh.body.msg).toMatch(/不是 PNG/);
    // A body whose boundary is not the one announced: the parser fails, the answer is still a 400.
    const other = multipartFile('a.png', png);
    const broken = await call(t.app, {
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...authed(u.token), 'accept-language': 'en-US', ...mp.headers },
      payload: other.payload,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/^file: /);
    expect(await avatarCount()).toBe(before);
  });
});

describe('own sessions', () => {
  it('lists the live sessions with device and browser, marks this one, and signs out one or all the others', async () => {
    const u = await makeUser();
    const laptop = await signIn(u.username, CHROME_UA);
    const phone = await signIn(u.username, PHONE_UA);
    const third = await signIn(u.username, CHROME_UA);
    const res = await api(laptop, 'GET', '/api/user/sessions');
    expect(res.status).toBe(200);
    const list = res.body.data as { id: number; current: boolean; browser: string; os: string; device: string; ip: string }[];
    expect(list.length).toBe(4);
    expect(list[0]).toMatchObject({ current: true, browser: 'Chrome 126', os: 'Windows 10', device: 'desktop', ip: '127.0.0.1' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = list.find((s) => s.browser === 'Safari 17');
    expect(phoneSession).toMatchObject({ device: 'mobile', os: 'iOS 17.5' });
    // Cached first, then signed out from the laptop: the phone's next request is refused.
    expect((await api(phone, 'GET', '/api/user/currentUser')).status).toBe(200);
    const end = await api(laptop, 'DELETE', `/api/user/sessions/${phoneSession?.id}`);
    expect(end.status).toBe(200);
    const refused = await api(phone, 'GET', '/api/user/currentUser');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(ResultCode.sessionEnded);
    expect((await api(laptop, 'DELETE', `/api/user/sessions/${phoneSession?.id}`)).status).toBe(404);
    const others = await api(laptop, 'DELETE', '/api/user/sessions');
    expect(others.body.data).toEqual({ sessionsEnded: 2 });
    expect((await api(third, 'GET', '/api/user/currentUser')).body.code).toBe(ResultCode.sessionEnded);
    expect((await api(laptop, 'GET', '/api/user/sessions')).body.data).toHaveLength(1);
    const logs = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from oper_logs where user_id = ${u.id} and module = 'user:session' order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['end', 'end', 'endOthers']);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const [bs] = await queryRows<{ id: number }>(t.database.db, sql`select id from sessions where user_id = ${b.id}`);
    expect((await api(a.token, 'DELETE', `/api/user/sessions/${bs?.id}`)).status).toBe(404);
    expect((await api(b.token, 'GET', '/api/user/currentUser')).status).toBe(200);
  });

  it('keeps last-seen in memory and writes it in a batch, not on every request', async () => {
    const u = await makeUser();
    const old = new Date(Date.now() - 3600_000);
    await t.database.db.execute(sql`update sessions set last_seen_at = ${old.toISOString()}::timestamptz where user_id = ${u.id}`);
    await t.app.sessionActivity.flush();
    for (let i = 0; i < 5; i++) expect((await api(u.token, 'GET', '/api/user/mfa')).status).toBe(200);
    const [stored] = await queryRows<{ last_seen_at: Date }>(t.database.db, sql`select last_seen_at from sessions where user_id = ${u.id}`);
    // Five requests, no write yet.
    expect(new Date(stored?.last_seen_at ?? 0).getTime()).toBe(old.getTime());
    const listed = (await api(u.token, 'GET', '/api/user/sessions')).body.data as { lastSeenAt: string }[];
    expect(Date.now() - new Date(listed[0]?.lastSeenAt ?? 0).getTime()).toBeLessThan(10_000);
  });
});

describe('sign-in history', () => {
  it("pages the caller's own attempts, successes and failures with their reason", async () => {
    const u = await makeUser();
    const other = await makeUser();
    expect((await login(t.app, u.username, 'Wrong-Passw0rd-1', { 'user-agent': PHONE_UA })).statusCode).toBe(401);
    await signIn(u.username, CHROME_UA);
    const res = await api(u.token, 'GET', '/api/user/login-history?page=1&pageSize=2');
    expect(res.status).toBe(200);
    const page = res.body.data as { total: number; list: { success: boolean; reason: string; browser: string }[] };
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]).toMatchObject({ success: true, reason: 'ok', browser: 'Chrome 126' });
    expect(page.list[1]).toMatchObject({ success: false, reason: 'bad_credentials', browser: 'Safari 17' });
    const theirs = (await api(other.token, 'GET', '/api/user/login-history')).body.data as { total: number };
    expect(theirs.total).toBe(1);
  });
});
