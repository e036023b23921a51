import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';

/** messageType of notice rows in the message box (the spec's mock shows 0, 1, 3; 1 = published). */
export const NOTICE_MESSAGE_TYPE = 1;

/**
 * How far back a reader who joined after publishing still receives a notice
 * (pinned ones always): a new colleague sees this term's notices, not years of
 * old ones as unread.
 */
export const LATE_DELIVERY_DAYS = 90;

/** One message per reader of `readers` (a select of user ids `id`) for the published notices of `notices`, skipping copies they have. */
function insertNoticeMessages(notices: SQL, readers: SQL): SQL {
  return sql`insert into messages (user_id, cam_id, type, title, sub_title, content, message_type, notice_id, created_at)
    select r.id, n.cam_id, 'notice', n.title, coalesce(p.nickname, ''), n.content, ${NOTICE_MESSAGE_TYPE}, n.id, n.published_at
    from (${notices}) n
    cross join lateral (${readers}) r
    left join users p on p.id = n.publisher_id
    where not exists (select 1 from messages m where m.notice_id = n.id and m.user_id = r.id)
    on conflict do nothing
    returning user_id as "userId"`;
}

/**
 * Puts a just-published notice in the box of everyone it is for now: the
 * active users of its campus, or every active user. Answers who got it.
 */
export async function deliverNotice(tx: Executor, noticeId: number): Promise<number[]> {
  const rows = await queryRows<{ userId: number }>(
    tx,
    insertNoticeMessages(
      sql`select * from notices where id = ${noticeId} and status = 'published'`,
      sql`select u.id from users u
          where u.status = 'active'
            and (n.cam_id is null or exists (select 1 from user_campuses uc where uc.user_id = u.id and uc.cam_id = n.cam_id))`,
    ),
  );
  return rows.map((r) => r.userId);
}

/**
 * Notices published before this reader could receive them (a user created
 * later, or added to a campus later: issue 24) arrive when they next look at
 * their messages. Cheap when there is nothing to deliver: one index probe per
 * recent notice.
 */
export async function deliverMissedNotices(db: Executor, user: { userId: number; camIds: readonly number[] }): Promise<void> {
  const camIds = sql`${`{${user.camIds.join(',')}}`}::int[]`;
  await db.execute(
    insertNoticeMessages(
      sql`select * from notices
          where status = 'published'
            and (cam_id is null or cam_id = any(${camIds}))
            and (pinned or published_at > now() - make_interval(days => ${LATE_DELIVERY_DAYS}))`,
      sql`select ${user.userId}::int as id`,
    ),
  );
}
