import { expect, openFromMenu, signIn, signInFresh, test } from './fixtures';
import { createNoticeReader, messageButton, readUnread } from './message-box';

test('the admin publishes on the notices page to one campus; its user sees it live; withdrawing takes it away', async ({
  page,
  browser,
  request,
}) => {
  const { username, password } = await createNoticeReader(request, { usernamePrefix: 'noticereader', nickname: 'Notice Page Reader' });
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const readerProblems: string[] = [];
  reader.on('pageerror', (error) => readerProblems.push(error.message));
  const streamOpened = reader.waitForResponse((r) => r.url().includes('/api/message/stream'));
  await reader.goto('/login');
  await signIn(reader, username, password);
  await expect(reader).toHaveURL(/\/dashboard\/workplace$/);
  await streamOpened;
  const before = await readUnread(reader);

  // The admin finds the page in the side menu under System.
  await signInFresh(page);
  await openFromMenu(page, '系统管理', '通知公告');
  await expect(page).toHaveURL(/\/system\/notice$/);
  await expect(page.getByRole('columnheader', { name: '发送范围' })).toBeVisible();

  // The drawer validates with the contract's schema before anything is sent.
  await page.getByRole('button', { name: '发布通知' }).click();
  const drawer = page.locator('.arco-drawer', { hasText: '发布通知' });
  // The audience comes first among the drawer's pickers.
  const audience = drawer.locator('.arco-select').first();
  await expect(audience).toContainText('所有人');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer.locator('.arco-form-message')).not.toHaveCount(0);

  const title = `东城校区停水通知 ${Date.now() % 100_000}`;
  await drawer.getByPlaceholder(/标题/).fill(title);
  await audience.click();
  await page.locator('.arco-select-popup').getByText('东城校区', { exact: true }).click();
  await drawer.locator('textarea').fill('周三 14:00-16:00 停水。\n<b>请提前储水</b>');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(/已发布，\d+ 人收到/)).toBeVisible();
  await expect(drawer).toBeHidden();

  // The list shows it with its campus, publisher and recipients.
  const row = page.locator('.arco-table-tr', { hasText: title });
  await expect(row).toContainText('东城校区');
  await expect(row).toContainText('系统管理员');
  const recipientsColumn = await page.locator('.arco-table-th').allInnerTexts();
  const recipients = Number(
    (
      await row
        .locator('td')
        .nth(recipientsColumn.findIndex((h) => h.includes('接收人数')))
        .innerText()
    ).trim(),
  );
  expect(recipients).toBeGreaterThanOrEqual(2);

  // The detail shows the content as text, line break and markup as typed.
  await row.getByRole('button', { name: '查看', exact: true }).click();
  const detail = page.getByTestId('notice-detail');
  await expect(detail).toContainText('<b>请提前储水</b>');
  await expect(detail.locator('b')).toHaveCount(0);
  await page.locator('.arco-drawer', { hasText: '通知详情' }).locator('.arco-drawer-close-icon').click();

  // The reader, of that campus, gets it without a reload.
  await expect.poll(() => readUnread(reader), { timeout: 15_000 }).toBe(before + 1);
  await messageButton(reader).click();
  const box = reader.locator('.message-box');
  await box.getByRole('tab', { name: /通知/ }).click();
  await expect(box.locator('.message-item', { hasText: title })).toBeVisible();
  await messageButton(reader).click();
  await expect(box).toBeHidden();

  // Withdrawing from the list takes it out of the reader's box (and the badge) live.
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: '删除' }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(() => readUnread(reader), { timeout: 15_000 }).toBe(before);
  await messageButton(reader).click();
  await box.getByRole('tab', { name: /通知/ }).click();
  await expect(box.locator('.message-item', { hasText: title })).toHaveCount(0);

  expect(readerProblems, 'reader page errors').toEqual([]);
  await readerContext.close();
});

test('a notice to everyone shows "everyone"; the target filter and title search narrow the list', async ({ page }) => {
  await signInFresh(page);
  await page.goto('/system/notice');
  const stamp = Date.now() % 100_000;
  for (const [title, campus] of [
    [`全员假期安排 ${stamp}`, null],
    [`西湖校区讲座 ${stamp}`, '西湖校区'],
  ] as const) {
    await page.getByRole('button', { name: '发布通知' }).click();
    const drawer = page.locator('.arco-drawer', { hasText: '发布通知' });
    await drawer.getByPlaceholder(/标题/).fill(title);
    if (campus) {
      await drawer.locator('.arco-select').first().click();
      await page.locator('.arco-select-popup').getByText(campus, { exact: true }).click();
    }
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect(drawer).toBeHidden();
  }
  await expect(page.locator('.arco-table-tr', { hasText: `全员假期安排 ${stamp}` })).toContainText('所有人');

  await page.getByRole('combobox', { name: '发送范围' }).click();
  await page.locator('.arco-select-popup').getByText('西湖校区', { exact: true }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/target=2/);
  await expect(page.locator('.arco-table-tr', { hasText: `西湖校区讲座 ${stamp}` })).toBeVisible();
  await expect(page.locator('.arco-table-tr', { hasText: `全员假期安排 ${stamp}` })).toHaveCount(0);

  await page.getByRole('button', { name: '重置' }).click();
  await page.getByRole('textbox', { name: '关键字' }).fill('假期');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.locator('.arco-table-tr', { hasText: `全员假期安排 ${stamp}` })).toBeVisible();
  await expect(page.locator('.arco-table-tr', { hasText: `西湖校区讲座 ${stamp}` })).toHaveCount(0);
});

test('a pinned draft reaches nobody until published; then it leads the Workplace notices of a user created afterwards', async ({
  page,
  browser,
  request,
}) => {
  await signInFresh(page);
  await page.goto('/system/notice');
  const title = `开学须知 ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: '发布通知' }).click();
  const drawer = page.locator('.arco-drawer', { hasText: '发布通知' });
  await drawer.getByPlaceholder(/标题/).fill(title);
  await drawer.getByRole('switch').click();
  await drawer.locator('.arco-select').nth(2).click();
  await page.locator('.arco-select-popup').getByText('存为草稿', { exact: true }).click();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('草稿已保存，发布前不会发送给任何人')).toBeVisible();
  const row = page.locator('.arco-table-tr', { hasText: title });
  await expect(row).toContainText('草稿');

  await row.getByRole('button', { name: '发布', exact: true }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: '发布', exact: true }).click();
  await expect(row).toContainText('已发布');

  // A user created after publishing still receives it, pinned above the others.
  const { username, password } = await createNoticeReader(request, { usernamePrefix: 'latecomer', nickname: 'Latecomer' });
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto('/login');
  await signIn(reader, username, password);
  await expect(reader).toHaveURL(/\/dashboard\/workplace$/);
  const first = reader.locator('.notice-list .notice-item').first();
  await expect(first).toContainText(title);
  await expect(first.getByLabel('置顶')).toBeVisible();
  await context.close();
});
