import { describe, expect, it } from 'vitest';
import { buildListSearch, hasActiveFilters, parseListQuery, toExportParams } from './list-query';

const SORTS = ['name', 'studentNo'] as const;

describe('list query in the URL', () => {
  it('round-trips filters, sort and page', () => {
    const search = '?keyword=Li&status=enrolled&sort=name%3Adesc&page=3&pageSize=50';
    const query = parseListQuery(search, ['status', 'grade'], SORTS);
    expect(query).toEqual({ page: 3, pageSize: 50, sort: 'name:desc', keyword: 'Li', filters: { status: 'enrolled' } });
    expect(parseListQuery(buildListSearch(query), ['status', 'grade'], SORTS)).toEqual(query);
  });

  it('leaves defaults out of the address', () => {
    expect(buildListSearch(parseListQuery('', [], SORTS))).toBe('');
  });

  it('drops sorts off the allow-list, unknown filters and bad numbers', () => {
    const query = parseListQuery('?sort=phone:asc&page=-2&pageSize=9999&evil=1&keyword=%20', ['status'], SORTS);
    expect(query).toEqual({ page: 1, pageSize: 20, filters: {} });
    expect(parseListQuery('?sort=name:up', [], SORTS).sort).toBeUndefined();
    expect(parseListQuery('?sort=name:asc:x', [], SORTS).sort).toBeUndefined();
  });

  it('exports the filters and sort without paging', () => {
    const query = parseListQuery('?keyword=Li&grade=G7&sort=name:asc&page=2', ['grade'], SORTS);
    expect(toExportParams(query, 'csv')).toEqual({ keyword: 'Li', grade: 'G7', sort: 'name:asc', format: 'csv' });
    expect(hasActiveFilters(query)).toBe(true);
    expect(hasActiveFilters(parseListQuery('?page=2', [], SORTS))).toBe(false);
  });
});
