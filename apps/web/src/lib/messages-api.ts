import type { MessageItem, MessageType, UnreadCount } from '@campus/contract';
import { request } from './request';

/**
 * The message box's API and query keys, shared by the navbar's box and the
 * Workplace's notices card: both read `/message/*`, and a change in one
 * refreshes the other through the common `messages` prefix.
 */
export const messageKeys = {
  /** Every message query: invalidating it refreshes the box, the count and the notices card. */
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
  latestNotices: ['messages', 'latest-notices'] as const,
};

export async function fetchMessages(): Promise<MessageItem[]> {
  const res = await request.get<MessageItem[]>('/message/list', undefined, { errorHandling: 'local' });
  return Array.isArray(res.data) ? res.data : [];
}

/** The latest notices addressed to the user (the Workplace card tells its own failure). */
export async function fetchLatestNotices(limit = 5): Promise<MessageItem[]> {
  return (await request.get<MessageItem[]>('/message/list', { type: 'notice', limit }, { errorHandling: 'local' })).data;
}

export async function fetchUnreadCount(): Promise<UnreadCount> {
  return (await request.get<UnreadCount>('/message/unread-count', undefined, { errorHandling: 'silent' })).data;
}

export async function markMessagesRead(ids: number[]): Promise<void> {
  await request.post<boolean>('/message/read', { ids });
}

/** Marks every message of a type read; answers how many changed. */
export async function markAllMessagesRead(type: MessageType): Promise<number> {
  return (await request.post<{ updated: number }>('/message/read-all', { type })).data.updated;
}
