import type { Page } from '@playwright/test';

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
  status: string;
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
