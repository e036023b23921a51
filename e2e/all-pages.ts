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

/**
 * The URLs of every page; routes with an `:id` take a real record (the first
 * course for course pages, the first role for role pages) read through the API.
 */
export async function listConsolePages(page: Page): Promise<ConsolePage[]> {
  const firstId = async (path: string): Promise<number> => {
    const answer = await callApi<{ list: { id: number }[] }>(page, 'GET', `${path}?page=1&pageSize=1`);
    const id = answer.data.list[0]?.id;
    if (id === undefined) throw new Error(`no record at ${path} to open a page with`);
    return id;
  };
  const ids = new Map<string, number>();
  const idFor = async (pattern: string): Promise<number> => {
    const path = pattern.startsWith('/system/role/') ? '/system/roles' : '/educate/courses';
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
