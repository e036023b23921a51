import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { encryptLoginPassword } from '@campus/contract';
import { E2E_ADMIN_PASSWORD } from './env';

/** Authorization headers of a fresh admin session, for setting up through the system API. */
export async function signInAdminApi(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/login', { form: { username: 'admin', password: encryptLoginPassword(E2E_ADMIN_PASSWORD) } });
  const { data: token } = (await login.json()) as { data: string };
  return { Authorization: `Bearer ${token}` };
}

/** A role holding exactly `perms`, made through the system API; answers its id. */
export async function createRole(
  request: APIRequestContext,
  headers: Record<string, string>,
  role: { name: string; code: string; perms: string[] },
): Promise<number> {
  const created = await request.post('/api/system/roles', { headers, data: { name: role.name, code: role.code, status: 'active' } });
  expect(created.status(), await created.text()).toBe(201);
  const roleId = ((await created.json()) as { data: { id: number } }).data.id;
  const catalogue = (await (await request.get('/api/system/perms?pageSize=200', { headers })).json()) as {
    data: { list: { id: number; code: string }[] };
  };
  const permIds = catalogue.data.list.filter((p) => role.perms.includes(p.code)).map((p) => p.id);
  expect(permIds).toHaveLength(role.perms.length);
  expect((await request.put(`/api/system/roles/${roleId}/perms`, { headers, data: { permIds } })).status()).toBe(200);
  return roleId;
}

/** A user of campus 1 (东城校区) holding `roleIds`, made through the system API. */
export async function createUserWithRoles(
  request: APIRequestContext,
  headers: Record<string, string>,
  user: { username: string; nickname: string; password: string; roleIds: number[] },
): Promise<void> {
  const created = await request.post('/api/system/users', {
    headers,
    data: {
      username: user.username,
      nickname: user.nickname,
      roleIds: user.roleIds,
      campusIds: [1],
      status: 'active',
      password: encryptLoginPassword(user.password),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}
