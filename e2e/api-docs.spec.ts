import { encryptLoginPassword } from '@campus/contract';
import { E2E_ADMIN_PASSWORD } from './env';
import { expect, test } from './fixtures';

// The OpenAPI UI must work under the app's Content-Security-Policy: a console
// error (a refused inline script, say) fails the test through the console guard.
test('the API documentation renders and lists the fixed paths', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Campus Console API');
  // The areas start folded: open the sign-in area.
  await page.locator('#operations-tag-auth').click();
  await expect(page.getByText('/api/login', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('/api/user/menuList', { exact: true }).first()).toBeVisible();
});

// Try it out with a pasted token: Authorize takes the bearer token, a campus
// operation takes X-Access-Camid as its documented header parameter.
test('"Try it out" works with a pasted token, campus header included', async ({ page }) => {
  const login = await page.request.post('/api/login', {
    data: { username: 'admin', password: encryptLoginPassword(E2E_ADMIN_PASSWORD) },
  });
  const { data: token, extra } = (await login.json()) as { data: string; extra: { campusList: { cam_id: number }[] } };
  const camId = extra.campusList[0]?.cam_id ?? 0;

  await page.goto('/api/docs');
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token);
  await page.getByRole('button', { name: 'Apply credentials' }).click();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.locator('#operations-tag-auth').click();
  const me = page.locator('#operations-auth-getUserCurrentUser');
  await me.locator('.opblock-summary').click();
  await me.getByRole('button', { name: 'Try it out' }).click();
  await me.getByRole('button', { name: 'Execute' }).click();
  await expect(me.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(me.locator('.live-responses-table .microlight').first()).toContainText('"username": "admin"');

  await page.locator('#operations-tag-educate').click();
  const rooms = page.locator('#operations-educate-getEducateRooms');
  await rooms.locator('.opblock-summary').click();
  await rooms.getByRole('button', { name: 'Try it out' }).click();
  await rooms.locator('tr[data-param-name="X-Access-Camid"] input').fill(String(camId));
  await rooms.getByRole('button', { name: 'Execute' }).click();
  await expect(rooms.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(rooms.locator('.live-responses-table .microlight').first()).toContainText('"total"');
});
