import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword } from '@campus/contract';
import { createUser, getCampusIds } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const todos = async (token: string) => {
  const res = await call(t.app, {
    method: 'GET',
    url: '/api/message/list?type=todo',
    headers: { ...authed(token), 'accept-language': 'en-US' },
  });
  expect(res.status).toBe(200);
  return res.body.data as { title: string; status: number }[];
};

describe('password todo', () => {
  it('a reset puts "Change your password" in the box; changing it closes the todo', async () => {
    const [cam = 0] = await getCampusIds(t.database.db);
    const userId = await createUser(t.database.db, { username: 'resetme', password: 'Before-reset-123', perms: [], camIds: [cam] });
    const admin = await getToken(t.app);
    const reset = await call(t.app, {
      method: 'POST',
      url: `/api/system/users/${userId}/reset-password`,
      headers: authed(admin),
      payload: {},
    });
    expect(reset.status).toBe(200);
    const temporary = (reset.body.data as { password: string }).password;
    const token = await getToken(t.app, 'resetme', temporary);
    expect((await todos(token)).filter((m) => m.status === 0).map((m) => m.title)).toEqual(['Change your password']);
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/user/password',
      headers: authed(token),
      payload: { oldPassword: encryptLoginPassword(temporary), newPassword: encryptLoginPassword('My-own-choice-2026') },
    });
    expect(changed.status).toBe(200);
    expect((await todos(token)).filter((m) => m.status === 0)).toEqual([]);
  });
});
