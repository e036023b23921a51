import type { Locator, Page } from '@playwright/test';
import { listConsolePages, waitForPageSettled } from './all-pages';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

/** What a form shows, field by field: text in boxes, the chosen options, switch states. */
async function readForm(form: Locator): Promise<Record<string, string>> {
  return form.locator('.arco-form-item').evaluateAll((items) =>
    Object.fromEntries(
      items.map((item, i) => {
        const label = item.querySelector('.arco-form-label-item label')?.textContent?.trim() || `#${i}`;
        const parts = [...item.querySelectorAll('input, textarea, .arco-select-view-value, .arco-tag, [role="switch"]')].map((el) =>
          el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
            ? el.value
            : el.getAttribute('role') === 'switch'
              ? String(el.getAttribute('aria-checked'))
              : (el.textContent?.trim() ?? ''),
        );
        return [label, parts.join('|')];
      }),
    ),
  );
}

/** The create form of a list page: its drawer, or the page it navigates to (course add). */
async function openCreate(page: Page, listUrl: string): Promise<Locator> {
  await page.locator('.list-toolbar .arco-btn-primary').first().click();
  const drawer = page.locator('.arco-drawer:visible');
  await expect.poll(async () => (await drawer.count()) > 0 || new URL(page.url()).pathname !== listUrl).toBe(true);
  const form = new URL(page.url()).pathname !== listUrl ? page.locator('main form.arco-form') : drawer.locator('form');
  await expect(form).toBeVisible();
  return form;
}

async function closeForm(page: Page, listUrl: string): Promise<void> {
  if (new URL(page.url()).pathname !== listUrl) {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${listUrl}(\\?.*)?$`));
    return;
  }
  await page.locator('.arco-drawer:visible').getByRole('button', { name: '取消' }).click();
  await expect(page.locator('.arco-drawer:visible')).toHaveCount(0);
}

test('every list page opens its create form empty (or with its declared defaults) after an edit and after a cancelled create', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInFresh(page);
  const checked: string[] = [];
  for (const target of await listConsolePages(page)) {
    if (target.pattern.includes(':')) continue;
    await page.goto(target.url);
    await waitForPageSettled(page);
    const toolbar = page.locator('.list-toolbar');
    if ((await toolbar.count()) === 0) continue;
    const create = toolbar.locator('.arco-btn-primary').first();
    if ((await create.count()) === 0) continue;
    await expect(page.locator('.arco-table tbody tr').first()).toBeVisible();

    const fresh = await readForm(await openCreate(page, target.url));
    await closeForm(page, target.url);

    const edit = page.locator('.arco-table tbody tr').first().getByRole('button', { name: '编辑', exact: true });
    if ((await edit.count()) > 0) {
      await edit.click();
      const form = page.locator('.arco-drawer:visible form, main form.arco-form').first();
      await expect(form).toBeVisible();
      // The edit form has loaded its row before it is closed.
      await expect.poll(async () => Object.values(await readForm(form)).some((v) => v.replace(/\|/g, '') !== '')).toBe(true);
      await closeForm(page, target.url);
      const after = await readForm(await openCreate(page, target.url));
      expect(after, `${target.name}: create after edit`).toEqual(fresh);
      await closeForm(page, target.url);
    }

    const form = await openCreate(page, target.url);
    await form.locator('input[type="text"]:not([readonly]), input:not([type]):not([readonly])').first().fill('typed-then-cancelled');
    await closeForm(page, target.url);
    expect(await readForm(await openCreate(page, target.url)), `${target.name}: create after a cancelled create`).toEqual(fresh);
    await closeForm(page, target.url);
    checked.push(target.name);
  }
  // The route table's list pages with a create form, so a page that stops being checked is noticed.
  expect(checked).toEqual([
    'Student',
    'Teacher',
    'Manager',
    'Course',
    'Room',
    'Term',
    'SchoolClass',
    'User',
    'Role',
    'Menu',
    'Perm',
    'Dept',
    'Notice',
  ]);
});
