import { USER_CENTER_PATH } from '@campus/contract';
import { listConsolePages, waitForPageSettled } from './all-pages';
import { ARTIFACTS_DIR } from './env';
import { expect, signInFresh, test } from './fixtures';

/** What sticks out past the right edge of the window and is not inside something that scrolls or clips it. */
function findOverflow(): { pageWidth: number; windowWidth: number; culprits: string[] } {
  const windowWidth = document.documentElement.clientWidth;
  const culprits: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= windowWidth + 1) continue;
    if ((el.parentElement?.getBoundingClientRect().right ?? 0) > windowWidth + 1) continue;
    let isContained = false;
    for (let up = el.parentElement; up && !isContained; up = up.parentElement) {
      isContained = ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX);
    }
    if (!isContained)
      culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} to ${Math.round(box.right)} px`);
  }
  return { pageWidth: document.documentElement.scrollWidth, windowWidth, culprits };
}

// A phone and a tablet held upright: the console is used on both in corridors and classrooms.
for (const width of [390, 768]) {
  test(`at ${width} px no page scrolls sideways and the navbar's controls do not overlap`, async ({ page }) => {
    test.setTimeout(300_000);
    await signInFresh(page);
    const pages = [...(await listConsolePages(page)), { name: 'UserCenter', pattern: USER_CENTER_PATH, url: USER_CENTER_PATH }];
    await page.setViewportSize({ width, height: 900 });
    const wide: string[] = [];
    for (const target of pages) {
      await page.goto(target.url);
      await expect(page).toHaveURL(new RegExp(`${target.url}$`));
      await waitForPageSettled(page);
      const found = await page.evaluate(findOverflow);
      if (found.pageWidth > found.windowWidth)
        wide.push(`${target.name}: ${found.pageWidth} px (${found.culprits.slice(0, 3).join('; ')})`);
    }
    expect(wide, 'pages wider than the window').toEqual([]);

    // The campus picker ends before the first navbar button begins.
    const campus = await page.locator('.navbar-campus').boundingBox();
    const buttons = await page.locator('.navbar-right').boundingBox();
    expect((campus?.x ?? 0) + (campus?.width ?? 0)).toBeLessThanOrEqual(buttons?.x ?? 0);
    await page.goto('/educate/student');
    await waitForPageSettled(page);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/narrow-student-${width}.png` });
  });
}

test('on a phone a page opens laid out as it stays: the side menu starts folded, nothing slides sideways', async ({ page }) => {
  await signInFresh(page);
  const schedule = (await listConsolePages(page)).find((p) => p.pattern.endsWith('/schedule'));
  expect(schedule, 'a course schedule page').toBeDefined();
  await page.setViewportSize({ width: 390, height: 900 });
  // A mid-range phone's CPU: the first paint comes before the layout's effects have run, as it does there.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __sideways: string[] }).__sideways = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        for (const s of entry.sources ?? [])
          if (
            s.node instanceof HTMLElement &&
            s.node.id === 'main-content' &&
            s.currentRect.width > 0 &&
            s.previousRect.x !== s.currentRect.x
          )
            shifts.push(`main from x=${s.previousRect.x} to x=${s.currentRect.x}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(schedule?.url ?? '');
  await waitForPageSettled(page);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __sideways: string[] }).__sideways)).toEqual([]);
  expect(await page.locator('aside.arco-layout-sider').evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(48);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('on a phone a form drawer and a dialog fit the window, and a form is one field a row', async ({ page }) => {
  await signInFresh(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/educate/student');
  await waitForPageSettled(page);
  // Polled: a drawer slides in from the right and a dialog zooms in before they come to rest.
  const fitsWindow = async (selector: string) => {
    await expect
      .poll(async () => {
        const box = await page.locator(selector).last().boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390;
      }, `${selector} lies inside the window`)
      .toBe(true);
  };

  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.locator('.arco-drawer');
  await expect(drawer.getByText('新增学生')).toBeInViewport();
  await expect(drawer.getByRole('button', { name: '保存' })).toBeInViewport();
  await fitsWindow('.arco-drawer');
  // The first two fields are stacked, not side by side.
  const studentNo = await drawer.getByLabel('学号').boundingBox();
  const name = await drawer.getByLabel('姓名').boundingBox();
  expect(name?.y ?? 0).toBeGreaterThan((studentNo?.y ?? 0) + (studentNo?.height ?? 0));
  await drawer.getByRole('button', { name: '取消' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: '导入' }).click();
  await expect(page.locator('.arco-modal').getByText('导入学生')).toBeInViewport();
  await fitsWindow('.arco-modal');
  await page.screenshot({ path: `${ARTIFACTS_DIR}/narrow-import-dialog.png` });
});
