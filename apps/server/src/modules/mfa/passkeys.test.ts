import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { INJECT_ORIGIN, SoftAuthenticator } from '../../test/soft-authenticator.js';
import { authed, call, createTestApp, getToken, login, type TestApp } from '../../test/test-app.js';

// Passkeys (WebAuthn) through the API, answered by a software authenticator
// (test/soft-authenticator.ts) as a browser would.

let t: TestApp;
let camId: number;
let seq = 0;
const PASSWORD = 'Passkey-Test-Passw0rd!';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '10000', LOGIN_RATE_PER_MIN: '100000' });
  [camId = 0] = await getCampusIds(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const api = (token: string | null, method: string, url: string, payload?: object) =>
  call(t.app, {
    method,
    url,
    headers: { ...(token ? authed(token) : {}), 'accept-language': 'en-US' },
    ...(payload ? { payload } : {}),
  });

async function makeUser() {
  const username = `pk${++seq}`;
  const id = await createUser(t.database.db, { username, password: PASSWORD, perms: [], camIds: [camId] });
  return { id, username, token: await getToken(t.app, username, PASSWORD) };
}

type Options = Parameters<SoftAuthenticator['register']>[0];

async function registerPasskey(token: string, device: SoftAuthenticator, name = 'Laptop') {
  const options = await api(token, 'POST', '/api/user/passkeys/options');
  expect(options.status).toBe(200);
  const response = device.register(options.body.data as Options);
  return api(token, 'POST', '/api/user/passkeys', { name, response });
}

async function passkeyAlone(device: SoftAuthenticator) {
  const options = await api(null, 'POST', '/api/login/passkey/options');
  expect(options.status).toBe(200);
  const opts = options.body.data as { challenge: string; rpId: string; userVerification: string; allowCredentials?: { id: string }[] };
  expect(opts.userVerification).toBe('required');
  expect(opts.allowCredentials ?? []).toEqual([]);
  return { opts, response: device.authenticate(opts) };
}

describe('passkeys', () => {
  it('registers several named passkeys, lists them, and refuses the same one twice', async () => {
    const u = await makeUser();
    const laptop = new SoftAuthenticator(INJECT_ORIGIN);
    const phone = new SoftAuthenticator(INJECT_ORIGIN);
    const first = await registerPasskey(u.token, laptop, 'Work laptop');
    expect(first.status, first.body.msg).toBe(201);
    expect(first.body.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect((await registerPasskey(u.token, phone, 'Phone')).status).toBe(201);
    const list = await api(u.token, 'GET', '/api/user/passkeys');
    expect((list.body.data as { name: string }[]).map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    // The options exclude what is registered, so a browser would refuse; a replayed answer is refused here too.
    const options = await api(u.token, 'POST', '/api/user/passkeys/options');
    const opts = options.body.data as Options & { excludeCredentials: { id: string }[] };
    expect(opts.excludeCredentials).toHaveLength(2);
    const again = laptop.register(opts, 'localhost', laptop.credentials[0]);
    const dup = await api(u.token, 'POST', '/api/user/passkeys', { name: 'Again', response: again });
    expect(dup.status).toBe(409);
    expect((await api(u.token, 'GET', '/api/user/mfa')).body.data).toMatchObject({ passkeys: 2 });
  });

  it('refuses an answer to a challenge it did not hand out, one used twice, or one from another site', async () => {
    const u = await makeUser();
    const device = new SoftAuthenticator(INJECT_ORIGIN);
    const options = await api(u.token, 'POST', '/api/user/passkeys/options');
    const opts = options.body.data as Options;
    const forged = device.register({ ...opts, challenge: Buffer.from('not-from-the-server').toString('base64url') });
    const refused = await api(u.token, 'POST', '/api/user/passkeys', { name: 'Forged', response: forged });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('response');
    const phishing = new SoftAuthenticator('https://campus-console.example.net');
    const wrongSite = await api(u.token, 'POST', '/api/user/passkeys', { name: 'Elsewhere', response: phishing.register(opts) });
    expect(wrongSite.status).toBe(400);
    // The challenge was used up by that attempt: the right answer now comes too late.
    const late = await api(u.token, 'POST', '/api/user/passkeys', { name: 'Late', response: device.register(opts) });
    expect(late.status).toBe(400);
    expect(late.body.msg).toMatch(/expired|start again/);
    const garbage = await api(u.token, 'POST', '/api/user/passkeys', { name: 'Junk', response: { id: 'x', response: {} } });
    expect(garbage.status).toBe(400);
    expect((await api(u.token, 'GET', '/api/user/passkeys')).body.data).toEqual([]);
  });

  it('serves as the second step of a password sign-in', async () => {
    const u = await makeUser();
    const device = new SoftAuthenticator(INJECT_ORIGIN);
    expect((await registerPasskey(u.token, device)).status).toBe(201);
    const step1 = (await login(t.app, u.username, PASSWORD)).json<{ code: number; data: { mfaTicket: string; methods: string[] } }>();
    expect(step1.code).toBe(ResultCode.mfaRequired);
    expect(step1.data.methods).toEqual(['passkey']);
    const options = await api(null, 'POST', '/api/login/mfa/passkey-options', { mfaTicket: step1.data.mfaTicket });
    expect(options.status).toBe(200);
    const opts = options.body.data as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    expect(opts.allowCredentials).toHaveLength(1);
    const res = await api(null, 'POST', '/api/login/mfa', { mfaTicket: step1.data.mfaTicket, passkey: device.authenticate(opts) });
    expect(res.status, res.body.msg).toBe(200);
    const token = res.body.data as string;
    expect((await api(token, 'GET', '/api/user/currentUser')).status).toBe(200);
    const list = (await api(token, 'GET', '/api/user/passkeys')).body.data as { lastUsedAt: string | null }[];
    expect(list[0]?.lastUsedAt).not.toBeNull();
  });

  it("refuses another user's passkey at the second step, and counts it as a failure", async () => {
    const victim = await makeUser();
    const attacker = await makeUser();
    const victimDevice = new SoftAuthenticator(INJECT_ORIGIN);
    const attackerDevice = new SoftAuthenticator(INJECT_ORIGIN);
    await registerPasskey(victim.token, victimDevice);
    await registerPasskey(attacker.token, attackerDevice);
    const step1 = (await login(t.app, victim.username, PASSWORD)).json<{ data: { mfaTicket: string } }>();
    const options = await api(null, 'POST', '/api/login/mfa/passkey-options', { mfaTicket: step1.data.mfaTicket });
    const opts = options.body.data as { challenge: string; rpId: string };
    const res = await api(null, 'POST', '/api/login/mfa', {
      mfaTicket: step1.data.mfaTicket,
      passkey: attackerDevice.authenticate({ ...opts, allowCredentials: [] }),
    });
    expect(res.status).toBe(401);
    const [row] = await queryRows<{ failed_logins: number }>(t.database.db, sql`select failed_logins from users where id = ${victim.id}`);
    expect(row?.failed_logins).toBe(1);
  });

  it('signs in alone (user verified), once per challenge, as passkeyOnly', async () => {
    const u = await makeUser();
    const device = new SoftAuthenticator(INJECT_ORIGIN);
    await registerPasskey(u.token, device);
    const { response } = await passkeyAlone(device);
    const res = await api(null, 'POST', '/api/login/passkey/verify', { response });
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body as unknown as { extra: { user: { username: string } } }).extra.user.username).toBe(u.username);
    const [session] = await queryRows<{ auth_method: string }>(
      t.database.db,
      sql`select auth_method from sessions where user_id = ${u.id} order by id desc limit 1`,
    );
    expect(session?.auth_method).toBe('passkeyOnly');
    // The same answer again: its challenge is spent.
    const replay = await api(null, 'POST', '/api/login/passkey/verify', { response });
    expect(replay.status).toBe(401);
  });

  it('refuses a passkey alone when the device did not verify its user, an unknown passkey, and a tampered signature', async () => {
    const u = await makeUser();
    const careless = new SoftAuthenticator(INJECT_ORIGIN, { verifiesUser: false });
    await registerPasskey(u.token, careless);
    const noUv = await passkeyAlone(careless);
    expect((await api(null, 'POST', '/api/login/passkey/verify', { response: noUv.response })).status).toBe(401);
    const stranger = new SoftAuthenticator(INJECT_ORIGIN);
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    const unknown = await passkeyAlone(stranger);
    const res = await api(null, 'POST', '/api/login/passkey/verify', { response: unknown.response });
    expect(res.status).toBe(401);
    expect(res.body.msg).toMatch(/not recognised/);
    const good = new SoftAuthenticator(INJECT_ORIGIN);
    await registerPasskey(u.token, good, 'Good');
    const signed = await passkeyAlone(good);
    const sig = Buffer.from(signed.response.response.signature, 'base64url');
    sig[sig.length - 1] = (sig[sig.length - 1] ?? 0) ^ 0xff;
    const tampered = { ...signed.response, response: { ...signed.response.response, signature: sig.toString('base64url') } };
    expect((await api(null, 'POST', '/api/login/passkey/verify', { response: tampered })).status).toBe(401);
  });

  it("lets a role's requirement be met by a passkey", async () => {
    const u = await makeUser();
    await t.database.db.execute(
      sql`update roles set require_mfa = true where id = (select role_id from user_roles where user_id = ${u.id})`,
    );
    expect(((await api(u.token, 'GET', '/api/user/currentUser')).body.data as { mustEnrolMfa: boolean }).mustEnrolMfa).toBe(true);
    await registerPasskey(u.token, new SoftAuthenticator(INJECT_ORIGIN));
    expect(((await api(u.token, 'GET', '/api/user/currentUser')).body.data as { mustEnrolMfa: boolean }).mustEnrolMfa).toBe(false);
  });

  it("removes one of one's own passkeys (ending the other sessions), and answers 404 for another user's", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const device = new SoftAuthenticator(INJECT_ORIGIN);
    const created = await registerPasskey(u.token, device);
    const id = (created.body.data as { id: number }).id;
    const secondSession = await getToken(t.app, u.username, PASSWORD).catch(() => null);
    // With a passkey the password alone is no sign-in: the second session comes from the passkey.
    expect(secondSession).toBeNull();
    const { response } = await passkeyAlone(device);
    const second = (await api(null, 'POST', '/api/login/passkey/verify', { response })).body.data as string;
    expect((await api(other.token, 'DELETE', `/api/user/passkeys/${id}`)).status).toBe(404);
    const removed = await api(u.token, 'DELETE', `/api/user/passkeys/${id}`);
    expect(removed.status).toBe(200);
    expect((await api(u.token, 'GET', '/api/user/passkeys')).body.data).toEqual([]);
    expect((await api(second, 'GET', '/api/user/currentUser')).body.code).toBe(ResultCode.sessionEnded);
    expect((await api(u.token, 'GET', '/api/user/currentUser')).status).toBe(200);
    const logs = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from oper_logs where user_id = ${u.id} and module = 'user:mfa' and status < 300 order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['passkeyAdd', 'passkeyRemove']);
  });
});
