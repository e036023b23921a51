import { test as baseTest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './env';
import { expect, signIn, signInFresh, test } from './fixtures';

// Issue 8, browser: records whose every free-text field is a script payload are
// shown on every list, drawer, picker, log and dashboard page. Nothing may run
// (no dialog, no CSP violation, no console error), no element may be injected,
// and the payload must read as the text that was typed.

/** An <img> with a handler, an attribute break-out into <svg>, a template expression; 59 characters. */
const X = '<img src=x onerror=alert(1)>"><svg onload=alert(1)>{{7*7}}';
const IMG = '<img src=x onerror=alert(1)>';
const SVG = '"><svg onload=alert(1)>';
/** Each record's name: the payload plus a tag telling them apart (names hold 64 characters). */
const named = (tag: string) => `${X}${tag}`;
const STAMP = Date.now() % 100_000;

interface Seeded {
  studentId: number;
  teacherId: number;
  courseId: number;
  roleId: number;
  userName: string;
  userPassword: string;
}
let seeded: Seeded;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function createRecords(api: APIRequestContext): Promise<Seeded> {
  const { encryptLoginPassword } = await import('../packages/contract/src/login-crypto');
  const login = await api.post('/api/login', { form: { username: 'admin', password: encryptLoginPassword(E2E_ADMIN_PASSWORD) } });
  const token = ((await login.json()) as Envelope<string>).data;
  const headers = { Authorization: `Bearer ${token}`, 'X-Access-Camid': '1', 'Accept-Language': 'en-US' };
  const post = async <T>(path: string, data: unknown, expected = 201): Promise<T> => {
    const res = await api.post(`/api${path}`, { headers, data });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(expected);
    return ((await res.json()) as Envelope<T>).data;
  };
  const get = async <T>(path: string): Promise<T> => ((await (await api.get(`/api${path}`, { headers })).json()) as Envelope<T>).data;

  const dept = await post<{ id: number }>('/system/depts', { name: named('dpt'), leader: X });
  const role = await post<{ id: number }>('/system/roles', { name: named('rol'), code: `xss_role_${STAMP}`, remark: X });
  await post('/system/perms', { code: `system:xss${STAMP}:list`, name: named('prm'), nameEn: named('prm') });
  const userName = `xssuser${STAMP}`;
  const userPassword = 'Xss-User-Pass-2026!';
  await post('/system/users', {
    username: userName,
    nickname: named('usr'),
    roleIds: [role.id],
    campusIds: [1],
    deptId: dept.id,
    status: 'active',
    password: encryptLoginPassword(userPassword),
    mustChangePassword: false,
  });
  const student = await post<{ id: number }>('/educate/students', {
    studentNo: `XSS${STAMP}`,
    name: named('stu'),
    gender: 'male',
    status: 'enrolled',
    grade: IMG,
    className: SVG,
    guardianName: X,
    guardianRelation: '{{7*7}}',
    remark: `${X} javascript:alert(1)`,
  });
  const teacher = await post<{ id: number }>('/educate/teachers', {
    staffNo: `XSST${STAMP}`,
    name: named('tch'),
    gender: 'female',
    status: 'active',
    subject: X,
    title: IMG,
  });
  await post('/educate/managers', {
    staffNo: `XSSM${STAMP}`,
    name: named('mgr'),
    gender: 'other',
    status: 'active',
    position: X,
    deptId: dept.id,
  });
  const room = await post<{ id: number }>('/educate/rooms', { code: `XSSR${STAMP}`, name: named('rm'), capacity: 30 });
  await post('/educate/terms', { name: named('trm'), academicYear: '2039-2040', startDate: '2039-09-01', endDate: '2040-01-15' });
  const terms = await get<{ list: { id: number; current: boolean }[] }>('/educate/terms?pageSize=100');
  const current = terms.list.find((t) => t.current) ?? terms.list[0];
  const course = await post<{ id: number }>('/educate/courses', {
    code: `XSSC${STAMP}`,
    name: named('crs'),
    termId: current?.id,
    teacherId: teacher.id,
    capacity: 30,
    description: X,
    status: 'open',
  });
  await post(`/educate/courses/${course.id}/students`, { studentIds: [student.id] }, 200);
  // A lesson today (Monday = 1), so the Workplace's timetable and the schedule grid show the names too.
  const weekday = ((new Date().getDay() + 6) % 7) + 1;
  const entry = await api.post(`/api/educate/courses/${course.id}/schedule`, {
    headers,
    data: { weekday, startTime: '09:00', endTime: '09:45', roomId: room.id },
  });
  expect([200, 201], `schedule entry: ${await entry.text()}`).toContain(entry.status());
  await post('/system/notices', { title: named('ntc'), content: X, camId: '' });
  // A failed sign-in whose user name is the payload: the login log shows what was typed.
  const failed = await api.post('/api/login', { form: { username: named('lgn'), password: encryptLoginPassword('wrong-password-1') } });
  expect(failed.status()).toBeGreaterThanOrEqual(400);
  return { studentId: student.id, teacherId: teacher.id, courseId: course.id, roleId: role.id, userName, userPassword };
}

/** Records dialogs and CSP violations from the first script on; checked by expectNothingRan. */
async function watchPage(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return dialogs;
}

async function expectNothingRan(page: Page, dialogs: string[], where: string): Promise<void> {
  // Let a handler that was injected get its chance (image errors and loads are asynchronous).
  await page.waitForTimeout(150);
  const found = await page.evaluate(() => ({
    injected: Array.from(document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]')).map((e) => e.outerHTML.slice(0, 80)),
    violations: (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
  }));
  expect(dialogs, `${where}: dialogs`).toEqual([]);
  expect(found.injected, `${where}: injected elements`).toEqual([]);
  expect(found.violations, `${where}: CSP violations`).toEqual([]);
}

/** The payload reads as typed: the literal text is on screen, `{{7*7}}` included. */
async function expectShownAsText(scope: Locator | Page, tag: string): Promise<void> {
  await expect(scope.getByText(named(tag)).first()).toBeVisible();
}

/** Opens a picker and checks the payload reads as an option. */
async function expectOption(page: Page, select: Locator, tag: string, search?: string): Promise<void> {
  await select.click();
  // A searchable picker: narrowed to the record, whatever else earlier specs left in the list.
  if (search) await page.keyboard.type(search);
  const popup = page.locator('.arco-select-popup:visible, .arco-tree-select-popup:visible, .arco-trigger-popup:visible').last();
  await expect(popup.getByText(named(tag)).first()).toBeVisible();
  await page.keyboard.press('Escape');
}

async function closeDrawer(page: Page): Promise<void> {
  const drawer = page.locator('.arco-drawer:visible');
  const closeIcon = drawer.locator('.arco-drawer-close-icon');
  if (await closeIcon.count()) await closeIcon.first().click();
  else
    await drawer
      .getByRole('button', { name: /^(取消|关闭)$/ })
      .first()
      .click();
  await expect(drawer).toHaveCount(0);
}

/** Moves the pointer over every chart so its tooltip renders whatever label is under it. */
async function hoverCharts(page: Page): Promise<void> {
  for (const canvas of await page.locator('canvas').all()) {
    const box = await canvas.boundingBox();
    if (!box || box.width < 50) continue;
    for (const fx of [0.2, 0.4, 0.6, 0.8])
      for (const fy of [0.3, 0.5, 0.7]) await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  seeded = await createRecords(api);
  await api.dispose();
});

test('educate lists, drawers, pickers and the schedule show the payloads as text and run nothing', async ({ page }) => {
  test.setTimeout(240_000);
  const dialogs = await watchPage(page);
  await signInFresh(page);

  for (const [path, keyword, tag] of [
    ['student', 'XSS', 'stu'],
    ['teacher', 'XSST', 'tch'],
    ['manager', 'XSSM', 'mgr'],
    ['room', 'XSSR', 'rm'],
    ['term', '2039', 'trm'],
  ] as const) {
    await page.goto(`/educate/${path}?keyword=${keyword}`);
    const row = page.locator('.arco-table-tr', { hasText: named(tag) });
    await expect(row).toBeVisible();
    await expectShownAsText(page, tag);
    await expectNothingRan(page, dialogs, `${path} list`);
    // The edit drawer holds the payload in its inputs, as a value.
    await row.getByRole('button', { name: '编辑', exact: true }).click();
    const drawer = page.locator('.arco-drawer:visible');
    await expect
      .poll(() =>
        drawer.locator('input, textarea').evaluateAll((els, x) => els.some((e) => (e as HTMLInputElement).value.startsWith(x)), X),
      )
      .toBe(true);
    await expectNothingRan(page, dialogs, `${path} edit drawer`);
    await closeDrawer(page);
  }

  // A person's courses drawer and a course's students drawer.
  await page.goto('/educate/student?keyword=XSS');
  await page
    .locator('.arco-table-tr', { hasText: named('stu') })
    .getByRole('button', { name: '课程', exact: true })
    .click();
  await expectShownAsText(page.locator('.arco-drawer:visible'), 'crs');
  await expectNothingRan(page, dialogs, 'student courses drawer');
  await closeDrawer(page);

  await page.goto('/educate/course?keyword=XSSC');
  const courseRow = page.locator('.arco-table-tr', { hasText: named('crs') });
  await expect(courseRow).toBeVisible();
  await expectNothingRan(page, dialogs, 'course list');
  await courseRow.getByRole('button', { name: '选课名单' }).click();
  await expectShownAsText(page.locator('.arco-drawer:visible'), 'stu');
  await expectNothingRan(page, dialogs, 'course students drawer');
  await closeDrawer(page);

  // The course form's pickers: the teacher and term names as selected values and as options.
  await page.goto(`/educate/course/${seeded.courseId}/edit`);
  await expectShownAsText(page, 'tch');
  const teacherSelect = page.locator('.arco-select', { hasText: named('tch') }).first();
  await expectOption(page, teacherSelect, 'tch');
  await expectNothingRan(page, dialogs, 'course edit page');

  await page.goto(`/educate/course/${seeded.courseId}/schedule`);
  await expectShownAsText(page, 'crs');
  await expectShownAsText(page, 'rm');
  await expectNothingRan(page, dialogs, 'course schedule page');
});

test('system lists, drawers, pickers and role pages show the payloads as text and run nothing', async ({ page }) => {
  test.setTimeout(240_000);
  const dialogs = await watchPage(page);
  await signInFresh(page);

  await page.goto(`/system/user?keyword=${seeded.userName}`);
  const userRow = page.locator('.arco-table-tr', { hasText: named('usr') });
  await expect(userRow).toBeVisible();
  await expectNothingRan(page, dialogs, 'user list');
  await userRow.getByRole('button', { name: '编辑', exact: true }).click();
  const userDrawer = page.locator('.arco-drawer:visible');
  await expect(userDrawer.getByText(named('rol')).first()).toBeVisible();
  await expect(userDrawer.getByText(named('dpt')).first()).toBeVisible();
  await expectNothingRan(page, dialogs, 'user edit drawer');
  // The pickers' options: roles (a multiselect) and departments (a tree).
  await expectOption(page, userDrawer.locator('.arco-select', { hasText: named('rol') }).first(), 'rol');
  await expectOption(page, userDrawer.locator('.arco-tree-select', { hasText: named('dpt') }).first(), 'dpt');
  await expectNothingRan(page, dialogs, 'user drawer pickers');
  await closeDrawer(page);

  await page.goto(`/system/role?keyword=xss_role_${STAMP}`);
  await expectShownAsText(page, 'rol');
  await expectNothingRan(page, dialogs, 'role list');
  for (const sub of ['user', 'menu', 'perm']) {
    await page.goto(`/system/role/${seeded.roleId}/${sub}`);
    await expectShownAsText(page, 'rol');
    if (sub === 'user') await expectShownAsText(page, 'usr');
    await expectNothingRan(page, dialogs, `role ${sub} page`);
  }

  await page.goto(`/system/perm?keyword=system:xss${STAMP}`);
  await expectShownAsText(page, 'prm');
  await expectNothingRan(page, dialogs, 'perm list');

  await page.goto(`/system/dept?keyword=${encodeURIComponent('<img')}`);
  await expectShownAsText(page, 'dpt');
  await expectNothingRan(page, dialogs, 'dept tree');

  await page.goto('/system/notice?keyword=ntc');
  const noticeRow = page.locator('.arco-table-tr', { hasText: named('ntc') });
  await expect(noticeRow).toBeVisible();
  await noticeRow.getByRole('button', { name: '查看', exact: true }).click();
  await expect(page.getByTestId('notice-detail')).toContainText(X);
  await expectNothingRan(page, dialogs, 'notice detail');
  await closeDrawer(page);

  await page.goto('/system/menu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingRan(page, dialogs, 'menu tree');
});

test('the logs, message box, Workplace and report show the payloads as text and run nothing', async ({ page }) => {
  test.setTimeout(240_000);
  const dialogs = await watchPage(page);
  await signInFresh(page);
  await expectShownAsText(page.locator('main'), 'ntc');
  await expectNothingRan(page, dialogs, 'workplace');

  await page.getByRole('button', { name: /^消息通知/ }).click();
  const box = page.locator('.message-box');
  await box.getByRole('tab', { name: /通知/ }).click();
  await expectShownAsText(box, 'ntc');
  await expectNothingRan(page, dialogs, 'message box');
  await page.getByRole('button', { name: /^消息通知/ }).click();

  await page.goto('/system/operlog');
  // The newest entries are the creates above; their params carry the payloads.
  const detailButtons = page.getByRole('button', { name: /^日志 \d+ 的详情$/ });
  await expect(detailButtons.first()).toBeVisible();
  let isPayloadShown = false;
  for (let i = 0; i < 5 && !isPayloadShown; i++) {
    await detailButtons.nth(i).click();
    const params = page.getByTestId('operlog-params');
    await expect(params).toBeVisible();
    isPayloadShown = (await params.innerText()).includes(IMG);
    await expectNothingRan(page, dialogs, `operation log detail ${i}`);
    await closeDrawer(page);
  }
  expect(isPayloadShown, 'an operation log detail shows a payload as text').toBe(true);

  await page.locator('.arco-radio-button', { hasText: '登录日志' }).click();
  await expectShownAsText(page, 'lgn');
  await expectNothingRan(page, dialogs, 'login log');

  await page.goto('/report/summary');
  await expectShownAsText(page, 'crs');
  await expectShownAsText(page, 'tch');
  await hoverCharts(page);
  await expectNothingRan(page, dialogs, 'summary report');
  await expectOption(page, page.getByRole('combobox', { name: '学期' }), 'trm', 'trm');
  await expectNothingRan(page, dialogs, 'summary term picker');
});

test('a user whose nickname is the payload signs in: navbar and account menu run nothing', async ({ page }) => {
  const dialogs = await watchPage(page);
  await page.goto('/login');
  await signIn(page, seeded.userName, seeded.userPassword);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await page.getByRole('button', { name: /账号菜单/ }).click();
  await expectShownAsText(page, 'usr');
  await expectNothingRan(page, dialogs, 'navbar of the payload user');
});

test('menus refuse payloads in their name, locale, icon and path', async ({ page }) => {
  await signInFresh(page);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('sch-token') ?? '{}') as { data?: string }).data ?? '');
  const base = { name: `XssProbe${STAMP}`, path: '/xss-probe', locale: 'menu.xss.probe' };
  for (const bad of [{ name: X }, { locale: X }, { icon: SVG }, { path: 'javascript:alert(1)' }, { path: `https://evil.com/"${SVG}` }]) {
    const res = await page.request.post('/api/system/menus', { headers: { Authorization: `Bearer ${token}` }, data: { ...base, ...bad } });
    expect(res.status(), JSON.stringify(bad)).toBe(400);
  }
});

// Deliberately provokes CSP reports, which the browser also logs as console
// errors: the plain Playwright test, without the console guard.
baseTest('the HTML page has a CSP without unsafe-inline scripts, and an injected inline script does not run', async ({ page }) => {
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0] ?? '', parts.slice(1)]),
  );
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(scriptSrc.length, csp).toBeGreaterThan(0);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc.some((s) => s === '*' || s === 'data:' || s === 'http:' || s === 'https:')).toBe(false);
  expect(directives.get('script-src-attr') ?? []).not.toContain("'unsafe-inline'");
  expect(directives.get('object-src')).toEqual(["'none'"]);

  const outcome = await page.evaluate(async () => {
    const w = window as unknown as { inlineRan?: boolean; handlerRan?: boolean };
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.appendChild(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onerror="window.handlerRan = true">';
    document.body.appendChild(holder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { inlineRan: w.inlineRan === true, handlerRan: w.handlerRan === true, violations };
  });
  expect(outcome.inlineRan).toBe(false);
  expect(outcome.handlerRan).toBe(false);
  expect(outcome.violations.some((d) => d.startsWith('script-src'))).toBe(true);
});
