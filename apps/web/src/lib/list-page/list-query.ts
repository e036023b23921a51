import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@campus/contract';

/** What a list page asks the server for; it also lives in the page's URL query. */
export interface ListQuery {
  page: number;
  pageSize: number;
  /** `field:asc|desc`, one of the page's allow-listed fields. */
  sort?: string;
  keyword?: string;
  filters: Record<string, string>;
}

export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function createEmptyQuery(): ListQuery {
  return { page: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} };
}

function readPositiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** Reads the URL query; values a hand-edited URL gets wrong fall back to defaults rather than a 400. */
export function parseListQuery(search: string, filterNames: readonly string[], sortFields: readonly string[]): ListQuery {
  const params = new URLSearchParams(search);
  const query = createEmptyQuery();
  query.page = readPositiveInt(params.get('page'), 1, 100_000);
  query.pageSize = readPositiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const sort = params.get('sort');
  if (sort && isAllowedSort(sort, sortFields)) query.sort = sort;
  const keyword = params.get('keyword')?.trim();
  if (keyword) query.keyword = keyword;
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value) query.filters[name] = value;
  }
  return query;
}

export function isAllowedSort(sort: string, sortFields: readonly string[]): boolean {
  const [field, direction, ...rest] = sort.split(':');
  return rest.length === 0 && sortFields.includes(field ?? '') && (direction === 'asc' || direction === 'desc');
}

/** The URL query of `query`, defaults left out so a fresh page has a clean address. */
export function buildListSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The parameters the server's list endpoint takes. */
export function toListParams(query: ListQuery): Record<string, string | number | undefined> {
  return { page: query.page, pageSize: query.pageSize, sort: query.sort, keyword: query.keyword, ...query.filters };
}

/** Export takes the list's filters and sort but no paging. */
export function toExportParams(query: ListQuery, format: 'csv' | 'xlsx'): Record<string, string | undefined> {
  return { sort: query.sort, keyword: query.keyword, ...query.filters, format };
}

export function hasActiveFilters(query: ListQuery): boolean {
  return Boolean(query.keyword) || Object.keys(query.filters).length > 0;
}
