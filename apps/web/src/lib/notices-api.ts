import type { Notice, NoticeAudiences } from '@campus/contract';
import { createResourceApi } from './list-page/resource-api';
import { request } from './request';

/**
 * The one client of `/system/notices`, used by the notices page (System ›
 * Notices), where notices are written and managed; the Workplace's card reads
 * the user's own box (messages-api) and links to that page.
 */
const NOTICES_PATH = '/system/notices';

/** Notices: list, write (published or draft), edit, withdraw (one or several); drafts are published later. */
export const noticeApi = {
  ...createResourceApi<Notice>(NOTICES_PATH),
  // From a confirmation, not a form: a refusal is shown by the request client.
  publish: async (id: number): Promise<Notice> => (await request.post<Notice>(`${NOTICES_PATH}/${id}/publish`)).data,
  fetchAudiences: async (): Promise<NoticeAudiences> =>
    (await request.get<NoticeAudiences>(`${NOTICES_PATH}/audiences`, undefined, { errorHandling: 'local' })).data,
};

export const noticeKeys = {
  /** The audiences this user may address (their campuses; everyone when they reach all). */
  audiences: ['notices', 'audiences'] as const,
};
