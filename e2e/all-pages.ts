import { DEFAULT_MENUS, type MenuNode } from '@campus/contract';
import type { Page } from '@playwright/test';
import { callApi } from './educate-api';

/** A page of the console as the route table declares it, with its parameters filled in. */
export interface ConsolePage {
  name: string;
  /** The route pattern (`/educate/course/:id/edit`). */
  pattern: string;
  /** A URL that opens it. */
  url: string;
}

function collectLeaves(items: readonly MenuNode[]): MenuNode[] {
  return items.flatMap((item) => (item.children?.length ? collectLeaves(item.children) : [item]));
}

/** Every page of the default menu, so a page added later is covered without editing the specs. */
export const PAGE_ROUTES: readonly MenuNode[] = collectLeaves(DEFAULT_MENUS);

/** The API list whose first record opens a route with an `:id`; course pages by default. */
const RECORDS_OF: [RegExp, string][] = [
  [/^\/system\/role\//, '/system/roles'],
  [/^\/educate\/student\//, '/educate/students'],
  [/^\/educate\/teacher\//, '/educate/teachers'],
  [/^\/educate\/class\//, '/educate/classes'],
  [/^\/educate\/timetable-plan\//, '/educate/timetable-plans'],
];

/**
 * The URLs of every page; routes with an `:id` take a real record of their
 * own kind (the first one the API lists; a timetable plan is made when the
 * campus has none).
 */
export async function listConsolePages(page: Page): Promise<ConsolePage[]> {
  const firstId = async (path: string): Promise<number> => {
    if (path === '/educate/timetable-plans') {
      const plans = await callApi<{ id: number }[]>(page, 'GET', path);
      if (plans.data[0]) return plans.data[0].id;
      const terms = await callApi<{ list: { id: number }[] }>(page, 'GET', '/educate/terms?page=1&pageSize=1');
      const made = await callApi<{ id: number }>(page, 'POST', path, { name: '页面巡检方案', termId: terms.data.list[0]?.id });
      return made.data.id;
    }
    const answer = await callApi<{ list: { id: number }[] }>(page, 'GET', `${path}?page=1&pageSize=1`);
    const id = answer.data.list[0]?.id;
    if (id === undefined) throw new Error(`no record at ${path} to open a page with`);
    return id;
  };
  const ids = new Map<string, number>();
  const idFor = async (pattern: string): Promise<number> => {
    const path = RECORDS_OF.find(([re]) => re.test(pattern))?.[1] ?? '/educate/courses';
    if (!ids.has(path)) ids.set(path, await firstId(path));
    return ids.get(path) ?? 0;
  };
  const pages: ConsolePage[] = [];
  for (const route of PAGE_ROUTES) {
    const url = route.path.includes(':id') ? route.path.replace(':id', String(await idFor(route.path))) : route.path;
    pages.push({ name: route.name, pattern: route.path, url });
  }
  return pages;
}

/** Waits until a page has drawn its data: no loading mask, no skeleton, fonts and transitions settled. */
export async function waitForPageSettled(page: Page): Promise<void> {
  await page.locator('.page-frame, main h1').first().waitFor({ state: 'visible' });
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.arco-spin-loading, .arco-skeleton, .arco-table-loading').length === 0 &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}
