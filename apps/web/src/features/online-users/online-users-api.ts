import type { OnlineSession } from '@campus/contract';
import { toListParams, type ListQuery, type PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';

export async function fetchOnlineSessions(query: ListQuery): Promise<PageResult<OnlineSession>> {
  return (await request.get<PageResult<OnlineSession>>('/monitor/sessions', toListParams(query), { errorHandling: 'local' })).data;
}

/** From a confirmation: a refusal is shown by the request client. */
export async function forceLogoutSession(id: number): Promise<string> {
  return (await request.delete<null>(`/monitor/sessions/${id}`)).msg;
}

export async function forceLogoutUser(userId: number): Promise<string> {
  return (await request.delete<{ sessionsEnded: number }>(`/monitor/users/${userId}/sessions`)).msg;
}
