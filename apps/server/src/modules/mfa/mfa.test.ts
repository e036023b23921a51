import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword, RECOVERY_CODE_COUNT, ResultCode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, login, type TestApp } from '../../test/test-app.js';
import { totpCode, wrongTotpCode } from '../../test/totp.js';

// The authenticator app (RFC 6238) and recovery codes, end to end through the
// API. Codes are computed by the test's own RFC 6238 (test/totp.ts), not by
// the server's library.

let t: TestApp;
let camId: number;
let adminToken: string;
let seq = 0;
const PASSWORD = 'Mfa-Test-Passw0rd!';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '10000', LOGIN_RATE_PER_MIN: '100000' });
  [camId = 0] = await getCampusIds(t.database.db);
  adminToken = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

interface Body {
  code: number;
  msg: string;
  data: unknown;
}

const api = (token: string, method: string, url: string, payload?: object) =>
  call(t.app, { method, url, headers: { ...authed(token), 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });

async function makeUser(perms: string[] = []) {
  const username = `mfa${++seq}`;
  const id = await createUser(t.database.db, { username, password: PASSWORD, perms, camIds: [camId] });
  return { id, username, token: await getToken(t.app, username, PASSWORD) };
}

/** Turns the app on for a signed-in user; answers the secret, the recovery codes and the time step the confirmation used. */
async function enrolTotp(token: string) {
  const start = await api(token, 'POST', '/api/user/mfa/totp');
  expect(start.status).toBe(200);
  const { secret } = start.body.data as { secret: string };
  const confirm = await api(token, 'POST', '/api/user/mfa/totp/confirm', { code: totpCode(secret) });
  expect(confirm.status, confirm.body.msg).toBe(200);
  return { secret, recoveryCodes: (confirm.body.data as { recoveryCodes: string[] }).recoveryCodes };
}

/** The password step: answers the ticket of a user with a second factor. */
async function passwordStep(username: string) {
  const res = await login(t.app, username, PASSWORD, { 'accept-language': 'en-US' });
  expect(res.statusCode).toBe(200);
  const body = res.json<Body>();
  expect(body.code).toBe(ResultCode.mfaRequired);
  return body.data as { mfaTicket: string; methods: string[] };
}

const secondStep = (payload: object) =>
  call(t.app, { method: 'POST', url: '/api/login/mfa', headers: { 'accept-language': 'en-US' }, payload });

const countSessions = async (userId: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions where user_id = ${userId}`))[0]?.n ?? 0;

/** Lets the next TOTP step pass again, as 30 seconds passing would. */
const forgetLastStep = (userId: number) => t.database.db.execute(sql`update user_totp set last_step = 0 where user_id = ${userId}`);

describe('turning the authenticator app on', () => {
  it('hands out a secret and its otpauth URL, and changes nothing until confirmed', async () => {
    const u = await makeUser();
    const start = await api(u.token, 'POST', '/api/user/mfa/totp');
    expect(start.status).toBe(200);
    const { secret, otpauthUrl } = start.body.data as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(u.username);
    const status = await api(u.token, 'GET', '/api/user/mfa');
    expect(status.body.data).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0, passkeys: 0, required: false });
    // Not on yet: the password alone still signs in.
    const res = await login(t.app, u.username, PASSWORD);
    expect(res.json<Body>().code).toBe(0);
  });

  it('refuses a wrong code naming the field, then turns on with a right one and answers 10 recovery codes once', async () => {
    const u = await makeUser();
    const { secret } = (await api(u.token, 'POST', '/api/user/mfa/totp')).body.data as { secret: string };
    const wrong = await api(u.token, 'POST', '/api/user/mfa/totp/confirm', { code: wrongTotpCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('code');
    const ok = await api(u.token, 'POST', '/api/user/mfa/totp/confirm', { code: totpCode(secret) });
    expect(ok.status).toBe(200);
    const codes = (ok.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    // Stored hashed: no code appears in the table.
    const stored = await queryRows<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from user_recovery_codes where user_id = ${u.id}`,
    );
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(stored.some((s) => s.code_hash.includes(c.replace('-', '')))).toBe(false);
    const status = await api(u.token, 'GET', '/api/user/mfa');
    expect(status.body.data).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10 });
    // Once on, a new start is refused rather than replacing the secret.
    expect((await api(u.token, 'POST', '/api/user/mfa/totp')).status).toBe(409);
    // The operation log has the events, the one-time code blanked.
    const logs = await queryRows<{ action: string; params: { body: { code?: string } | null } }>(
      t.database.db,
      sql`select action, params from oper_logs where user_id = ${u.id} and module = 'user:mfa' order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['totpStart', 'totpEnable', 'totpEnable', 'totpStart']);
    for (const l of logs.filter((x) => x.action === 'totpEnable')) expect(l.params.body?.code).toBe('******');
  });
});

describe('signing in with the authenticator app', () => {
  it('is two steps: the password answers 1001 with a ticket and no session, the code answers the login', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    const before = await countSessions(u.id);
    const step1 = await passwordStep(u.username);
    expect(step1.methods).toEqual(['totp', 'recovery']);
    expect(step1.mfaTicket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await countSessions(u.id)).toBe(before);
    // The confirmation used this time step; the next one (within the window) signs in.
    const res = await secondStep({ mfaTicket: step1.mfaTicket, code: totpCode(secret, Date.now(), 1) });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const token = res.body.data as string;
    expect((res.body as unknown as { extra: { user: { username: string } } }).extra.user.username).toBe(u.username);
    expect((await api(token, 'GET', '/api/user/currentUser')).status).toBe(200);
    const [session] = await queryRows<{ auth_method: string }>(
      t.database.db,
      sql`select auth_method from sessions where user_id = ${u.id} order by id desc limit 1`,
    );
    expect(session?.auth_method).toBe('totp');
    const reasons = await queryRows<{ reason: string; success: boolean }>(
      t.database.db,
      sql`select reason, success from login_logs where user_id = ${u.id} order by id desc limit 2`,
    );
    expect(reasons).toEqual([
      { reason: 'ok', success: true },
      { reason: 'mfa_required', success: false },
    ]);
  });

  it('refuses a code replayed within its window, and a ticket used twice', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    const code = totpCode(secret, Date.now(), 1);
    const first = await passwordStep(u.username);
    expect((await secondStep({ mfaTicket: first.mfaTicket, code })).status).toBe(200);
    // The same ticket again, even with a fresh code: single use.
    await forgetLastStep(u.id);
    const reused = await secondStep({ mfaTicket: first.mfaTicket, code });
    expect(reused.status).toBe(401);
    expect(reused.body.msg).toMatch(/expired/i);
    // The same code with a new ticket: a replay.
    await t.database.db.execute(sql`update user_totp set last_step = ${Math.floor(Date.now() / 30_000) + 1} where user_id = ${u.id}`);
    const second = await passwordStep(u.username);
    const replay = await secondStep({ mfaTicket: second.mfaTicket, code });
    expect(replay.status).toBe(401);
    expect(replay.body.msg).toBe('Incorrect verification code');
    // The confirmation's own code cannot sign in either (its step was used to turn the app on).
    const third = await passwordStep(u.username);
    expect((await secondStep({ mfaTicket: third.mfaTicket, code: totpCode(secret) })).status).toBe(401);
  });

  it('refuses a wrong code, an expired ticket and an unknown one, and logs each', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    const step = await passwordStep(u.username);
    const wrong = await secondStep({ mfaTicket: step.mfaTicket, code: wrongTotpCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(ResultCode.noToken);
    // A ticket lives 5 minutes.
    await t.database.db.execute(sql`update auth_tickets set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    const late = await secondStep({ mfaTicket: step.mfaTicket, code: totpCode(secret, Date.now(), 1) });
    expect(late.status).toBe(401);
    expect(late.body.msg).toMatch(/expired/i);
    const unknown = await secondStep({ mfaTicket: 'x'.repeat(43), code: '123456' });
    expect(unknown.status).toBe(401);
    const both = await secondStep({ mfaTicket: step.mfaTicket });
    expect(both.status).toBe(400);
    expect(both.body.msg).toContain('code');
    const reasons = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from login_logs where username = ${u.username} or (user_id is null and reason = 'mfa_expired') order by id`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(expect.arrayContaining(['mfa_required', 'bad_code', 'mfa_expired']));
  });

  it('counts wrong codes toward the lockout of wrong passwords: locked after five, right code refused while locked', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    // Two wrong passwords and three wrong codes: five failures in a row.
    for (let i = 0; i < 2; i++) expect((await login(t.app, u.username, 'Wrong-Passw0rd-x')).statusCode).toBe(401);
    const step = await passwordStep(u.username);
    for (let i = 0; i < 3; i++) expect((await secondStep({ mfaTicket: step.mfaTicket, code: wrongTotpCode(secret) })).status).toBe(401);
    const locked = await secondStep({ mfaTicket: step.mfaTicket, code: totpCode(secret, Date.now(), 1) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
    const again = await login(t.app, u.username, PASSWORD);
    expect(again.statusCode).toBe(429);
  });

  it('does not reset the failure count on a right password alone (the code is still owed)', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    // Four wrong codes, each after a right password: still five strikes in a row.
    for (let i = 0; i < 4; i++) {
      const step = await passwordStep(u.username);
      expect((await secondStep({ mfaTicket: step.mfaTicket, code: wrongTotpCode(secret) })).status).toBe(401);
    }
    const step = await passwordStep(u.username);
    expect((await secondStep({ mfaTicket: step.mfaTicket, code: wrongTotpCode(secret) })).status).toBe(401);
    expect((await login(t.app, u.username, PASSWORD)).statusCode).toBe(429);
  });

  it('a disabled account is refused at the second step, after its ticket was issued', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    const step = await passwordStep(u.username);
    await t.database.db.execute(sql`update users set status = 'disabled' where id = ${u.id}`);
    const res = await secondStep({ mfaTicket: step.mfaTicket, code: totpCode(secret, Date.now(), 1) });
    expect(res.status).toBe(403);
  });
});

describe('recovery codes', () => {
  it('each signs in once, is logged as a security event with the code blanked, and is refused the second time', async () => {
    const u = await makeUser();
    const { recoveryCodes } = await enrolTotp(u.token);
    const code = recoveryCodes[3] ?? '';
    const step = await passwordStep(u.username);
    // Typed loosely: upper case, spaces.
    const res = await secondStep({ mfaTicket: step.mfaTicket, code: ` ${code.toUpperCase().replace('-', ' ')} ` });
    expect(res.status, res.body.msg).toBe(200);
    const [event] = await queryRows<{ action: string; params: { body: { code: string; mfaTicket: string } } }>(
      t.database.db,
      sql`select action, params from oper_logs where user_id = ${u.id} and action = 'recoveryCodeUsed'`,
    );
    expect(event?.params.body).toEqual({ code: '******', mfaTicket: '******' });
    const token = res.body.data as string;
    expect((await api(token, 'GET', '/api/user/mfa')).body.data).toMatchObject({ recoveryCodesLeft: 9 });
    const again = await passwordStep(u.username);
    const reused = await secondStep({ mfaTicket: again.mfaTicket, code });
    expect(reused.status).toBe(401);
  });

  it('are made anew with the password; the old ones stop working', async () => {
    const u = await makeUser();
    const { recoveryCodes } = await enrolTotp(u.token);
    const wrong = await api(u.token, 'POST', '/api/user/mfa/recovery-codes', { password: encryptLoginPassword('Not-the-passw0rd') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('password');
    const fresh = await api(u.token, 'POST', '/api/user/mfa/recovery-codes', { password: encryptLoginPassword(PASSWORD) });
    expect(fresh.status).toBe(200);
    const codes = (fresh.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => recoveryCodes.includes(c))).toBe(false);
    const step = await passwordStep(u.username);
    expect((await secondStep({ mfaTicket: step.mfaTicket, code: recoveryCodes[0] })).status).toBe(401);
    expect((await secondStep({ mfaTicket: step.mfaTicket, code: codes[0] })).status).toBe(200);
  });
});

describe('turning the authenticator app off', () => {
  it('needs the password and a code, ends the other sessions, and signs in with the password alone afterwards', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    const step = await passwordStep(u.username);
    const other = (await secondStep({ mfaTicket: step.mfaTicket, code: totpCode(secret, Date.now(), 1) })).body.data as string;
    const noPassword = await api(u.token, 'DELETE', '/api/user/mfa/totp', {
      password: encryptLoginPassword('Wrong-passw0rd-1'),
      code: totpCode(secret, Date.now(), 1),
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.msg).toContain('password');
    const noCode = await api(u.token, 'DELETE', '/api/user/mfa/totp', {
      password: encryptLoginPassword(PASSWORD),
      code: wrongTotpCode(secret),
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toContain('code');
    await forgetLastStep(u.id);
    const off = await api(u.token, 'DELETE', '/api/user/mfa/totp', { password: encryptLoginPassword(PASSWORD), code: totpCode(secret) });
    expect(off.status, off.body.msg).toBe(200);
    // This session stays, the other one ended (ASVS: a factor turned off ends the other sessions).
    expect((await api(u.token, 'GET', '/api/user/currentUser')).status).toBe(200);
    const ended = await api(other, 'GET', '/api/user/currentUser');
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(ResultCode.sessionEnded);
    expect((await api(u.token, 'GET', '/api/user/mfa')).body.data).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect((await login(t.app, u.username, PASSWORD)).json<Body>().code).toBe(0);
    const [log] = await queryRows<{ params: { body: Record<string, string> } }>(
      t.database.db,
      sql`select params from oper_logs where user_id = ${u.id} and action = 'totpDisable' and status = 200`,
    );
    expect(log?.params.body).toEqual({ password: '******', code: '******' });
  });
});

describe('a role that requires a second factor', () => {
  async function requiringRole(userId: number): Promise<number> {
    const [row] = await queryRows<{ role_id: number }>(t.database.db, sql`select role_id from user_roles where user_id = ${userId}`);
    if (!row) throw new Error('no role');
    const res = await api(adminToken, 'PUT', `/api/system/roles/${row.role_id}`, { requireMfa: true });
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body.data as { requireMfa: boolean }).requireMfa).toBe(true);
    return row.role_id;
  }

  it('sends its holder to enrol: mustEnrolMfa, 403 everywhere but the user center and sign-out, until enrolled', async () => {
    const u = await makeUser(['educate:student:list', 'system:user:list']);
    // Cached first: the role change must reach the session on its next request.
    expect((await api(u.token, 'GET', '/api/system/users?page=1&pageSize=1')).status).toBe(200);
    await requiringRole(u.id);
    const me = await api(u.token, 'GET', '/api/user/currentUser');
    expect(me.status).toBe(200);
    expect((me.body.data as { mustEnrolMfa: boolean }).mustEnrolMfa).toBe(true);
    const refused = [
      await api(u.token, 'GET', '/api/system/users?page=1&pageSize=1'),
      await call(t.app, {
        method: 'GET',
        url: '/api/educate/students?page=1&pageSize=1',
        headers: { ...authed(u.token, camId), 'accept-language': 'en-US' },
      }),
      await api(u.token, 'GET', '/api/message/list'),
      await api(u.token, 'GET', '/api/campus/list'),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body.msg).toMatch(/second factor/);
    }
    for (const url of ['/api/user/mfa', '/api/user/sessions', '/api/user/login-history', '/api/user/menuList', '/api/user/passkeys']) {
      expect((await api(u.token, 'GET', url)).status, url).toBe(200);
    }
    expect((await api(u.token, 'PUT', '/api/user/profile', { introduction: 'Setting up my app' })).status).toBe(200);
    // Signing in again does not step around it.
    const again = await login(t.app, u.username, PASSWORD);
    expect(again.json<{ extra: { user: { mustEnrolMfa: boolean } } }>().extra.user.mustEnrolMfa).toBe(true);
    await enrolTotp(u.token);
    expect(((await api(u.token, 'GET', '/api/user/currentUser')).body.data as { mustEnrolMfa: boolean }).mustEnrolMfa).toBe(false);
    expect((await api(u.token, 'GET', '/api/system/users?page=1&pageSize=1')).status).toBe(200);
  });

  it('switching to another held role does not step around it, and lifting the requirement opens at once', async () => {
    const u = await makeUser(['system:user:list']);
    const required = await requiringRole(u.id);
    const other = await api(adminToken, 'POST', '/api/system/roles', { name: `Plain ${seq}`, code: `plain_${seq}` });
    const otherId = (other.body.data as { id: number }).id;
    await t.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${u.id}, ${otherId})`);
    const switched = await api(u.token, 'PUT', '/api/user/role', { roleId: otherId });
    expect(switched.status).toBe(403);
    expect((await api(u.token, 'GET', '/api/system/users?page=1&pageSize=1')).status).toBe(403);
    await api(adminToken, 'PUT', `/api/system/roles/${required}`, { requireMfa: false });
    expect((await api(u.token, 'GET', '/api/system/users?page=1&pageSize=1')).status).toBe(200);
  });
});

describe("an administrator's reset", () => {
  it('removes every factor, ends the sessions, tells the user, is logged, and needs its perm', async () => {
    const u = await makeUser();
    const { secret } = await enrolTotp(u.token);
    const clerk = await makeUser(['system:user:list']);
    expect((await api(clerk.token, 'DELETE', `/api/system/users/${u.id}/mfa`)).status).toBe(403);
    const self = await api(adminToken, 'DELETE', `/api/system/users/1/mfa`);
    expect(self.status).toBe(403);
    const list = await api(adminToken, 'GET', `/api/system/users?keyword=${u.username}`);
    expect((list.body.data as { list: { mfaMethods: string[] }[] }).list[0]?.mfaMethods).toEqual(['totp']);
    const reset = await api(adminToken, 'DELETE', `/api/system/users/${u.id}/mfa`);
    expect(reset.status, reset.body.msg).toBe(200);
    expect((reset.body.data as { sessionsEnded: number }).sessionsEnded).toBeGreaterThanOrEqual(1);
    const ended = await api(u.token, 'GET', '/api/user/currentUser');
    expect(ended.body.code).toBe(ResultCode.sessionEnded);
    // The password alone signs in again; the app's codes mean nothing now.
    const res = await login(t.app, u.username, PASSWORD);
    expect(res.json<Body>().code).toBe(0);
    const token = res.json<Body>().data as string;
    expect((await api(token, 'GET', '/api/user/mfa')).body.data).toMatchObject({
      totp: { enabled: false },
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    expect(secret).toBeTruthy();
    const box = await api(token, 'GET', '/api/message/list');
    expect(JSON.stringify(box.body.data)).toContain('Your second factor was reset');
    const [log] = await queryRows<{ username: string; action: string }>(
      t.database.db,
      sql`select username, action from oper_logs where module = 'system:user' and action = 'resetMfa' and status = 200`,
    );
    expect(log).toEqual({ username: 'admin', action: 'resetMfa' });
    // Enrolling again closes the todo.
    await enrolTotp(token);
    const open = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from messages where user_id = ${u.id} and subject = 'user:mfa' and status = 0`,
    );
    expect(open[0]?.n).toBe(0);
  });
});
