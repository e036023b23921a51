import { expect, signInFresh, test } from './fixtures';

// Issue 22: on a slow network a page's own module (a list page's table, forms and pickers) arrives last. The
// console and the page's title paint first, and the page fills its frame when its module is there.
test("a page's frame and title paint before its module arrives, and the page fills them when it does", async ({ page }) => {
  await signInFresh(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let isRequested = false;
  await page.route(/\/assets\/student-page-[\w-]+\.js$/, async (route) => {
    isRequested = true;
    await held;
    await route.continue();
  });
  await page.goto('/educate/student');
  const main = page.locator('#main-content');
  await expect(main.getByRole('heading', { level: 1, name: '学生管理' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect(main.locator('.page-loading[aria-busy="true"]')).toBeVisible();
  await expect.poll(() => isRequested).toBe(true);
  await expect(main.locator('.list-card')).toHaveCount(0);
  release();
  await expect(main.locator('.list-card tbody tr.arco-table-tr').first()).toBeVisible();
  await expect(main.locator('.page-loading')).toHaveCount(0);
  await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('a tab that draws no frames (opened in the background) still loads its page', async ({ page }) => {
  await signInFresh(page);
  // A background tab's requestAnimationFrame never calls back.
  await page.addInitScript(() => {
    window.requestAnimationFrame = () => 0;
  });
  await page.goto('/educate/teacher');
  await expect(page.locator('#main-content .list-card tbody tr.arco-table-tr').first()).toBeVisible();
  await expect(page.locator('#main-content .page-loading')).toHaveCount(0);
});
