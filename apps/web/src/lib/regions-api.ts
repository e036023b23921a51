import { REGION_CODE_PATTERN, REGION_PATHS_MAX, type Region, type RegionDetail } from '@campus/contract';
import { createBatchLoader } from './batch-loader';
import { request } from './request';

/** The one client of `/regions` (China's divisions): the region picker and the names of lists and profiles. */
export const regionKeys = {
  all: ['regions'] as const,
  children: (parent: string) => [...regionKeys.all, 'children', parent] as const,
  detail: (code: string | null | undefined) => [...regionKeys.all, 'detail', code] as const,
  search: (keyword: string) => [...regionKeys.all, 'search', keyword] as const,
};

export async function fetchRegions(parent?: string): Promise<Region[]> {
  return (await request.get<Region[]>('/regions', parent ? { parent } : undefined, { errorHandling: 'silent' })).data;
}

async function fetchRegionPaths(codes: string[]): Promise<Map<string, RegionDetail>> {
  // A malformed code would fail the whole batch with a 400: left out, it fails alone, as a code not found.
  const wellFormed = codes.filter((c) => REGION_CODE_PATTERN.test(c));
  if (wellFormed.length === 0) return new Map();
  const found = (await request.get<RegionDetail[]>('/regions/paths', { codes: wellFormed.join(',') }, { errorHandling: 'silent' })).data;
  return new Map(found.map((r) => [r.id, r]));
}

/** One region with its path; the codes asked for in the same task (a list page's rows) go in one request. */
export const fetchRegion: (code: string) => Promise<RegionDetail> = createBatchLoader(fetchRegionPaths, REGION_PATHS_MAX);

export async function searchRegions(keyword: string): Promise<RegionDetail[]> {
  return (await request.get<RegionDetail[]>('/regions/search', { keyword }, { errorHandling: 'silent' })).data;
}
