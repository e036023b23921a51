import { request } from '../request';
import { toListParams, type ListQuery, type PageResult } from './list-query';

/** The calls every campus-scoped resource answers (docs/api-conventions.md): list, one, create, update, delete, bulk delete. */
export interface ResourceApi<T> {
  path: string;
  fetchPage: (query: ListQuery) => Promise<PageResult<T>>;
  fetchOne: (id: number) => Promise<T>;
  create: (body: Record<string, unknown>) => Promise<T>;
  update: (id: number, body: Record<string, unknown>) => Promise<T>;
  remove: (id: number) => Promise<void>;
  removeMany: (ids: number[]) => Promise<void>;
}

/**
 * Sends a CSV or XLSX file to a resource's `/import`: a dry run checks every
 * row and writes nothing. The dialog reports failures itself.
 */
export async function importFile<R>(path: string, file: File, isDryRun: boolean, mode = 'all-or-nothing'): Promise<R> {
  const body = new FormData();
  body.append('file', file);
  return (await request.post<R>(`${path}/import`, body, { params: { dryRun: String(isDryRun), mode }, errorHandling: 'local' })).data;
}

/**
 * Lists and forms report their own failures (an error state, messages on the
 * fields), so these calls ask the request client for `local` handling.
 */
export function createResourceApi<T>(path: string): ResourceApi<T> {
  return {
    path,
    fetchPage: async (query) => (await request.get<PageResult<T>>(path, toListParams(query), { errorHandling: 'local' })).data,
    fetchOne: async (id) => (await request.get<T>(`${path}/${id}`, undefined, { errorHandling: 'local' })).data,
    create: async (body) => (await request.post<T>(path, body, { errorHandling: 'local' })).data,
    update: async (id, body) => (await request.put<T>(`${path}/${id}`, body, { errorHandling: 'local' })).data,
    remove: async (id) => {
      await request.delete<null>(`${path}/${id}`);
    },
    removeMany: async (ids) => {
      await request.delete<null>(path, { ids });
    },
  };
}
