import type { Locator, Page } from '@playwright/test';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface PageOf<T> {
  list: T[];
  total: number;
}

export interface StudentRow {
  id: number;
  studentNo: string;
  name: string;
  grade: string;
  className: string;
  classId: number | null;
  status: string;
  regionCode: string | null;
}

/** Calls the API as the signed-in page does (its token and current campus), to check what the UI did. */
export async function callApi<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Envelope<T>> {
  const auth = await page.evaluate(() => {
    const read = (key: string): unknown => (JSON.parse(localStorage.getItem(key) ?? '{}') as { data?: unknown }).data;
    return { token: String(read('sch-token')), camId: (read('sch-cam') as { cam_id: number }).cam_id };
  });
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth.token}`, 'X-Access-Camid': String(auth.camId), 'Accept-Language': 'zh-CN' },
    data: body,
  });
  return (await response.json()) as Envelope<T>;
}

export async function findStudents(page: Page, query: string): Promise<PageOf<StudentRow>> {
  return (await callApi<PageOf<StudentRow>>(page, 'GET', `/educate/students?${query}`)).data;
}

export interface ClassChoice {
  id: number;
  name: string;
  /** "高一 1班", as the class pickers show it. */
  label: string;
}

/** The active classes the signed-in user reaches, with the labels the class pickers show. */
export async function listClassChoices(page: Page): Promise<ClassChoice[]> {
  const classes = (
    await callApi<PageOf<{ id: number; name: string; gradeId: number }>>(page, 'GET', '/educate/classes?page=1&pageSize=200&status=active')
  ).data.list;
  const grades = (await callApi<PageOf<{ id: number; name: string }>>(page, 'GET', '/educate/grades?page=1&pageSize=200')).data.list;
  return classes.map((c) => ({ id: c.id, name: c.name, label: `${grades.find((g) => g.id === c.gradeId)?.name ?? ''} ${c.name}`.trim() }));
}

/** Picks a class in a class picker (`ClassSelect`) inside `scope`, by typing part of its label. */
export async function pickClass(page: Page, scope: Locator, label: string, pickerLabel = '班级'): Promise<void> {
  await scope.getByLabel(pickerLabel, { exact: true }).click();
  await page.keyboard.type(label);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: label }).first().click();
}
