import type { Notice } from '@campus/contract';
import type { PageResult } from './list-page/list-query';
import { createResourceApi } from './list-page/resource-api';
import { request } from './request';

/**
 * The one client of `/system/notices`: the notice page (System › Notices) and
 * the Workplace's notices card both publish, list and delete through it.
 */
const NOTICES_PATH = '/system/notices';

/** The notice page's list and form report their own failures, as every list does. */
export const noticeApi = createResourceApi<Notice>(NOTICES_PATH);

export const noticeKeys = {
  /** The Workplace's manage drawer, page by page. */
  pages: ['notices', 'pages'] as const,
  page: (page: number) => [...noticeKeys.pages, page] as const,
};

/** A page of notices, newest first (failures told by the request client). */
export async function fetchNoticePage(page: number, pageSize: number): Promise<PageResult<Notice>> {
  return (await request.get<PageResult<Notice>>(NOTICES_PATH, { page, pageSize })).data;
}

export async function publishNotice(body: { title: string; content: string; camId: number | null }): Promise<Notice> {
  // A form body cannot carry null (it would arrive as an empty string): everyone is an absent camId.
  const { camId, ...rest } = body;
  return (await request.post<Notice>(NOTICES_PATH, camId === null ? rest : { ...rest, camId })).data;
}

export const deleteNotice = noticeApi.remove;
