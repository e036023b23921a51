import type { Region, RegionDetail } from '@campus/contract';
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

export async function fetchRegion(code: string): Promise<RegionDetail> {
  return (await request.get<RegionDetail>(`/regions/${code}`, undefined, { errorHandling: 'silent' })).data;
}

export async function searchRegions(keyword: string): Promise<RegionDetail[]> {
  return (await request.get<RegionDetail[]>('/regions/search', { keyword }, { errorHandling: 'silent' })).data;
}
