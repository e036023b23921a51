import { ARTIFACTS_DIR } from './env';
import { expect, signIn, signInFresh, test } from './fixtures';
import { createNoticeReader, messageButton, readUnread } from './message-box';

test('a notice published by the admin reaches another user live, and reading it clears the badge', async ({ page, browser, request }) => {
  const { username, password } = await createNoticeReader(request, { usernamePrefix: 'reader', nickname: 'Notice Reader' });

  // The reader signs in in a second browser context, with the same console guard.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const readerProblems: string[] = [];
  reader.on('pageerror', (error) => readerProblems.push(error.message));
  reader.on('console', (message) => {
    if (message.type() === 'error') readerProblems.push(message.text());
  });
  const streamOpened = reader.waitForResponse((r) => r.url().includes('/api/message/stream'));
  await reader.goto('/login');
  await signIn(reader, username, password);
  await expect(reader).toHaveURL(/\/dashboard\/workplace$/);
  await streamOpened;
  await expect(messageButton(reader)).toBeVisible();
  const before = await readUnread(reader);

  // The admin publishes from the Workplace's notices card: it opens the notices page's form.
  await signInFresh(page);
  const title = `周一例会通知 ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: '发布通知' }).click();
  await expect(page).toHaveURL(/\/system\/notice$/);
  const drawer = page.locator('.arco-drawer', { hasText: '发布通知' });
  await drawer.getByPlaceholder(/标题/).fill(title);
  await drawer.locator('textarea').fill('周一上午 8:00 在报告厅开会，请准时参加。');
  // The audience defaults to everyone, the reader included.
  await expect(drawer.locator('.arco-select').first()).toContainText('所有人');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(/已发布，\d+ 人收到/)).toBeVisible();

  // Without a reload, the reader's badge goes up and the box lists the notice.
  await expect.poll(() => readUnread(reader), { timeout: 15_000 }).toBe(before + 1);
  await messageButton(reader).click();
  const box = reader.locator('.message-box');
  await box.getByRole('tab', { name: /通知/ }).click();
  const item = box.locator('.message-item', { hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveClass(/is-unread/);
  await reader.screenshot({ path: `${ARTIFACTS_DIR}/message-box-open.png` });

  // Marking it read clears it from the badge.
  await item.getByRole('button').click();
  await expect(item).not.toHaveClass(/is-unread/);
  await expect.poll(() => readUnread(reader)).toBe(before);
  if (before === 0) await expect(reader.locator('.arco-badge-number')).toHaveCount(0);

  // The admin withdraws it on the notices page.
  const row = page.locator('.arco-table-tr', { hasText: title });
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: '删除' }).click();
  await expect(row).toHaveCount(0);
  // Read already, so the unread count does not move: opening the box again lists what is left.
  await messageButton(reader).click();
  await expect(box).toBeHidden();
  await messageButton(reader).click();
  await expect(box.locator('.message-item', { hasText: title })).toHaveCount(0);

  expect(readerProblems, 'reader page errors or console errors').toEqual([]);
  await readerContext.close();
});

test('mark all read empties the unread count of a tab', async ({ page }) => {
  await signInFresh(page);
  await messageButton(page).click();
  const box = page.locator('.message-box');
  await expect(box.getByRole('tab').first()).toBeVisible();
  for (const tab of ['消息', '通知', '待办']) {
    await box.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    const markAll = box.getByRole('button', { name: '全部已读' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(box.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveText(tab);
  }
  await expect.poll(() => readUnread(page)).toBe(0);
});
