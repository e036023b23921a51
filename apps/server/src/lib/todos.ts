import { and, eq, sql } from 'drizzle-orm';
import { formatStoredText, type MessageKey, type MessageParams } from '@campus/contract';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { messages } from '../db/schema/messages.js';
import { announceUnreadChange } from './unread-events.js';

// System todos in users' message boxes, raised where something needs doing
// (a password to change, a course over capacity); any module may raise one.

/** A text stored as a key and params, rendered in the reader's language when listed. */
export interface LocalText {
  key: MessageKey;
  params?: MessageParams;
}

export interface StoredTexts {
  title?: LocalText;
  content?: LocalText;
}

/**
 * Raises a system todo for a user unless one about `subject` is still open, or
 * was read in the last 7 days (so an unresolved problem reminds weekly, not
 * hourly). Title and content are message keys, rendered in the reader's
 * language. Call it inside the transaction of the change that causes it, e.g.
 * `raiseTodo(tx, userId, 'user:password', { key: 'todo.changePassword.title' }, { key: 'todo.changePassword.content' })`
 * on a password reset. Answers whether a todo was written.
 */
export async function raiseTodo(
  tx: Executor,
  userId: number,
  subject: string,
  title: LocalText,
  content: LocalText,
  camId: number | null = null,
): Promise<boolean> {
  const stored: StoredTexts = { title, content };
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into messages (user_id, cam_id, type, title, content, message_type, text_key, params, subject)
        select ${userId}, ${camId}, 'todo', ${formatStoredText('zh-CN', title.key, title.params)},
               ${formatStoredText('zh-CN', content.key, content.params)}, 0, ${title.key}, ${JSON.stringify(stored)}::jsonb, ${subject}
        where not exists (select 1 from messages m where m.user_id = ${userId} and m.subject = ${subject}
                            and (m.status = 0 or m.read_at > now() - interval '7 days'))
        on conflict (user_id, subject) where status = 0 and subject is not null do nothing
        returning id`,
  );
  if (rows.length) announceUnreadChange([userId]);
  return rows.length > 0;
}

/** Closes a user's open todo about `subject` (e.g. once they changed their password). */
export async function resolveTodo(tx: Executor, userId: number, subject: string): Promise<void> {
  const done = await tx
    .update(messages)
    .set({ status: 1, readAt: new Date() })
    .where(and(eq(messages.userId, userId), eq(messages.subject, subject), eq(messages.status, 0)))
    .returning({ id: messages.id });
  if (done.length) announceUnreadChange([userId]);
}

/** The subject of the "change your password" todo: raised on reset, closed by the change. */
const PASSWORD_SUBJECT = 'user:password';

export function raisePasswordTodo(tx: Executor, userId: number): Promise<boolean> {
  return raiseTodo(tx, userId, PASSWORD_SUBJECT, { key: 'todo.changePassword.title' }, { key: 'todo.changePassword.content' });
}

export function resolvePasswordTodo(tx: Executor, userId: number): Promise<void> {
  return resolveTodo(tx, userId, PASSWORD_SUBJECT);
}
