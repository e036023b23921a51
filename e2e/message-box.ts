import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { createUserWithRoles, signInAdminApi } from './admin-api';

/** The navbar's message button; its accessible name carries the unread count. */
export function messageButton(page: Page) {
  return page.getByRole('button', { name: /^消息通知/ });
}

export async function readUnread(page: Page): Promise<number> {
  const name = (await messageButton(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(name)?.[1] ?? 0);
}

/** A teacher-role user of campus 1 (东城校区), made through the system API, to receive notices. */
export async function createNoticeReader(
  request: APIRequestContext,
  { usernamePrefix, nickname }: { usernamePrefix: string; nickname: string },
): Promise<{ username: string; password: string }> {
  const headers = await signInAdminApi(request);
  const roles = (await (await request.get('/api/system/roles?pageSize=100', { headers })).json()) as {
    data: { list: { id: number; code: string }[] };
  };
  const role = roles.data.list.find((r) => r.code === 'teacher');
  expect(role, 'the seeded teacher role').toBeDefined();
  const username = `${usernamePrefix}${Date.now() % 100_000}`;
  const password = 'Reader-Pass-2026!';
  await createUserWithRoles(request, headers, { username, nickname, password, roleIds: [role?.id ?? 0] });
  return { username, password };
}
