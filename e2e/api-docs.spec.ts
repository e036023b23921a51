import { expect, test } from './fixtures';

// The OpenAPI UI must work under the app's Content-Security-Policy: a console
// error (a refused inline script, say) fails the test through the console guard.
test('the API documentation renders and lists the fixed paths', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Campus Console API');
  await expect(page.getByText('/api/login', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('/api/user/menuList', { exact: true }).first()).toBeVisible();
});
