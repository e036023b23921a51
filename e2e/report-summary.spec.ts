import type { ReportSummary } from '@campus/contract';
import ExcelJS from 'exceljs';
import { callApi } from './educate-api';
import { countPaintedPixels, expectChartsDrawn, readCanvas } from './charts';
import { ARTIFACTS_DIR } from './env';
import { switchLanguage } from './text-layout';
import { expect, openFromMenu, signInFresh, test } from './fixtures';

const CHARTED_SECTIONS = ['section-status', 'section-grade', 'section-fill', 'section-hours', 'section-rooms', 'section-months'];

function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

test.describe('summary report', () => {
  test.beforeEach(async ({ page }) => {
    await signInFresh(page);
    await openFromMenu(page, '报表中心', '汇总报表');
    await expect(page.getByRole('heading', { level: 1, name: '汇总报表' })).toBeVisible();
  });

  test('renders its numbers and charts in both themes and languages', async ({ page }) => {
    const summary = (await callApi<ReportSummary>(page, 'GET', '/report/summary')).data;
    expect(summary.students.total).toBeGreaterThan(0);
    expect(summary.fillRates.length).toBeGreaterThan(0);

    // Numbers: the cards and the tables beside the charts are the API's figures.
    await expect(page.getByTestId('report-students')).toHaveText(summary.students.total.toLocaleString('en-US'));
    await expect(page.getByTestId('report-teachers')).toHaveText(summary.teachers.total.toLocaleString('en-US'));
    await expect(page.getByTestId('report-courses')).toHaveText(summary.courses.total.toLocaleString('en-US'));
    await expect(page.getByTestId('report-enrolments')).toHaveText(summary.courses.enrolments.toLocaleString('en-US'));
    const fillRows = page.getByTestId('section-fill').locator('tbody tr');
    await expect(fillRows).toHaveCount(summary.fillRates.length);
    const top = [...summary.fillRates].sort((a, b) => b.rate - a.rate)[0];
    if (!top) throw new Error('no fill rate');
    await expect(fillRows.first()).toContainText(top.name);
    await expect(fillRows.first()).toContainText(formatRate(top.rate));
    await expect(page.getByTestId('section-months').locator('tbody tr')).toHaveCount(12);

    // Charts: one canvas each, painted, light theme first.
    for (const id of CHARTED_SECTIONS) await expectChartsDrawn(page.getByTestId(id), 1);
    await expect(page.getByTestId('section-status')).toContainText('在读');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/report-summary-light.png`, fullPage: true });
    const lightPie = await readCanvas(page.getByTestId('section-status').locator('canvas'));

    // Dark theme: redrawn in the dark palette, live, without a reload.
    await page.getByRole('button', { name: '切换为暗色主题' }).click();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await expect.poll(() => readCanvas(page.getByTestId('section-status').locator('canvas'))).not.toBe(lightPie);
    for (const id of CHARTED_SECTIONS) await expectChartsDrawn(page.getByTestId(id), 1);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/report-summary-dark.png`, fullPage: true });

    // English: titles, table headers and chart labels follow the language.
    await switchLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
    await expect(page.getByTestId('section-status')).toContainText('Students by status');
    await expect(page.getByTestId('section-status')).toContainText('Enrolled');
    await expect(page.getByTestId('section-fill').locator('thead')).toContainText('Capacity');
    await expect(page.getByTestId('report-students')).toHaveText(summary.students.total.toLocaleString('en-US'));
    for (const id of CHARTED_SECTIONS) expect(await countPaintedPixels(page.getByTestId(id).locator('canvas'))).toBeGreaterThan(500);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/report-summary-dark-en.png`, fullPage: true });

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
    for (const id of CHARTED_SECTIONS) await expectChartsDrawn(page.getByTestId(id), 1);
  });

  test('grades in the school order; side tables scroll in whole rows and say there is more', async ({ page }) => {
    const gradeCells = page.getByTestId('section-grade').locator('tbody tr td:first-child');
    await expect(gradeCells.first()).toBeVisible();
    const grades = await gradeCells.allTextContents();
    expect(grades.filter((g) => g.startsWith('高'))).toEqual(['高一', '高二', '高三']);
    const classGrades = await page.getByTestId('section-class').locator('tbody tr td:first-child').allTextContents();
    expect([...new Set(classGrades)].filter((g) => g.startsWith('高'))).toEqual(['高一', '高二', '高三']);

    for (const id of [
      'section-status',
      'section-grade',
      'section-fill',
      'section-hours',
      'section-rooms',
      'section-months',
      'section-class',
    ]) {
      const wrap = page.getByTestId(id).locator('.report-table-wrap');
      await expect(wrap).toBeVisible();
      const box = await wrap.evaluate((el) => {
        const bottom = el.getBoundingClientRect().top + el.clientHeight;
        const cut = [...el.querySelectorAll('tbody tr')].filter((tr) => {
          const r = tr.getBoundingClientRect();
          return r.top < bottom - 1 && r.bottom > bottom + 1;
        }).length;
        return { cut, isScrolling: el.scrollHeight > el.clientHeight + 1 };
      });
      expect(box.cut, `${id}: a row cut by the table's edge`).toBe(0);
      // A table that holds more than it shows says so under it.
      await expect(page.getByTestId(id).locator('.report-table-more')).toHaveCount(box.isScrolling ? 1 : 0);
    }
  });

  test('a long side table draws the rows in view, reaches its last row by scrolling, and prints every row', async ({ page }) => {
    // A school of 400 classes: the summary is the server's own, with the class rows made many.
    const classes = Array.from({ length: 400 }, (_, i) => ({
      grade: '高一',
      className: `测试${String(i + 1).padStart(3, '0')}班`,
      count: 40,
    }));
    await page.route(/\/api\/report\/summary(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: ReportSummary };
      body.data.students.byClass = classes;
      await route.fulfill({ response, json: body });
    });
    await page.locator('.report-toolbar').getByRole('button', { name: '刷新' }).click();
    const section = page.getByTestId('section-class');
    const rows = section.locator('tbody tr:not([data-spacer])');
    await expect(rows.first()).toContainText('测试001班');
    expect(await rows.count()).toBeLessThan(60);
    await expect(section.locator('table')).toHaveAttribute('aria-rowcount', '401');

    // Scrolled to the end: the last class is drawn, in whole rows, and the first is not.
    const wrap = section.locator('.report-table-wrap');
    await wrap.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(rows.last()).toContainText('测试400班');
    await expect(rows.filter({ hasText: '测试001班' })).toHaveCount(0);
    expect(await rows.count()).toBeLessThan(60);
    await expect(section.locator('.report-table-more')).toHaveCount(1);
    await section.screenshot({ path: `${ARTIFACTS_DIR}/report-long-table.png` });
    // The table's height does not change under the scroll bar as rows are drawn: the end is the end.
    const end = await wrap.evaluate((el) => {
      const drawn = el.querySelectorAll('tbody tr');
      const last = drawn[drawn.length - 1]?.getBoundingClientRect();
      return { gap: el.scrollHeight - el.clientHeight - el.scrollTop, lastCut: (last?.bottom ?? 0) - el.getBoundingClientRect().bottom };
    });
    expect(end.gap).toBeLessThanOrEqual(1);
    expect(end.lastCut).toBeLessThanOrEqual(0);

    // Printed: every class is on paper.
    await page.emulateMedia({ media: 'print' });
    await expect(rows).toHaveCount(400);
    await expect(section.locator('tbody tr[data-spacer]')).toHaveCount(0);
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => rows.count()).toBeLessThan(60);
  });

  test('exports a workbook whose numbers match the page', async ({ page }, testInfo) => {
    const summary = (await callApi<ReportSummary>(page, 'GET', '/report/summary')).data;
    const pageTotal = Number((await page.getByTestId('report-students').innerText()).replace(/,/g, ''));
    expect(pageTotal).toBe(summary.students.total);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = testInfo.outputPath('summary.xlsx');
    await download.saveAs(file);
    await expect(page.getByText(/已下载/)).toBeVisible();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual([
      '学生',
      '教职工',
      '课程',
      '课程满员率',
      '教师周课时',
      '教室使用率',
      '每月新生',
    ]);

    // Students sheet: the total row is the page's card.
    const students = workbook.getWorksheet('学生');
    expect(students?.getRow(2).getCell(3).value).toBe(pageTotal);

    // Fill rates sheet: every course on the page with the same enrolled, capacity and rate.
    const fill = workbook.getWorksheet('课程满员率');
    if (!fill) throw new Error('no fill-rate sheet');
    const sheetRows = new Map<string, { enrolled: number; capacity: number; rate: number }>();
    fill.eachRow((row, n) => {
      if (n === 1) return;
      sheetRows.set(row.getCell(2).text, {
        enrolled: Number(row.getCell(3).value),
        capacity: Number(row.getCell(4).value),
        rate: Number(row.getCell(5).value),
      });
    });
    const pageRows = await page
      .getByTestId('section-fill')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')));
    expect(pageRows.length).toBe(sheetRows.size);
    for (const [name, enrolled, capacity, rate] of pageRows) {
      const fromSheet = sheetRows.get(name ?? '');
      expect(fromSheet, `course ${name} in the workbook`).toBeDefined();
      expect(String(fromSheet?.enrolled)).toBe(enrolled);
      expect(String(fromSheet?.capacity)).toBe(capacity);
      expect(formatRate(fromSheet?.rate ?? -1)).toBe(rate);
    }

    // Months sheet matches the table under the trend chart.
    const months = workbook.getWorksheet('每月新生');
    const monthCells = await page
      .getByTestId('section-months')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '').join('=')));
    const sheetMonths: string[] = [];
    months?.eachRow((row, n) => {
      if (n > 1) sheetMonths.push(`${row.getCell(1).text}=${row.getCell(2).text}`);
    });
    expect(sheetMonths).toEqual(monthCells);

    // CSV too: a file with the students' title row.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  });

  test('print layout hides the console chrome', async ({ page }) => {
    await expectChartsDrawn(page.getByTestId('section-status'), 1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.app-navbar')).toBeHidden();
    await expect(page.locator('.app-sider')).toBeHidden();
    await expect(page.locator('.app-tabbar')).toBeHidden();
    await expect(page.getByRole('button', { name: '导出 XLSX' })).toBeHidden();
    await expect(page.getByText(/打印时间/)).toBeVisible();
    // Each section fits the A4 text width (186 mm at 96 dpi ≈ 703 px).
    await page.setViewportSize({ width: 703, height: 1000 });
    const widths = await page.locator('.report-section').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeLessThanOrEqual(703);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/report-summary-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });
});

test.describe('summary report, its terms not loaded', () => {
  test.use({ allowedFailures: { urls: [/\/api\/educate\/terms/, /\/api\/report\/summary/] } });

  test('does not say the campus has no terms when the terms could not be read', async ({ page }) => {
    // After a session ends, the re-login modal stood over "this campus has no terms": the request had failed.
    await signInFresh(page);
    for (const url of [/\/api\/educate\/terms/, /\/api\/report\/summary/])
      await page.route(url, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.goto('/report/summary');
    await expect(page.getByRole('heading', { level: 1, name: '汇总报表' })).toBeVisible();
    const picker = page.locator('.report-term-select');
    await expect(picker).toContainText('选择学期');
    await expect(picker).not.toContainText('该校区还没有学期');
  });
});
