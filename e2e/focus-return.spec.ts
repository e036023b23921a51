import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

test('focus returns to the control that opened a drawer or a modal when it closes', async ({ page }) => {
  await signInFresh(page);
  await page.goto('/educate/student');
  const firstRow = page.locator('.list-card .arco-table tbody tr').first();
  await expect(firstRow).toBeVisible();

  // A row's edit drawer, closed with its Cancel button.
  const edit = firstRow.getByRole('button', { name: '编辑', exact: true });
  await edit.click();
  const drawer = page.locator('.arco-drawer:visible');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: '取消' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(edit).toBeFocused();

  // The add drawer, opened from the keyboard and closed with Escape.
  const add = page.getByRole('button', { name: '新增', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect(add).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(add).toBeFocused();

  // A modal (the import dialog), closed with its close button.
  const importButton = page.getByRole('button', { name: '导入', exact: true });
  await importButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /关闭|取消/ })
    .first()
    .click();
  await expect(dialog).toBeHidden();
  await expect(importButton).toBeFocused();

  // A confirm over the list: the row's delete, cancelled.
  const remove = firstRow.getByRole('button', { name: '删除', exact: true });
  await remove.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(remove).toBeFocused();
});
