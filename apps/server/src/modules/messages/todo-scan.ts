import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { formatStoredText, Perm, type PermCode } from '@campus/contract';
import { announceUnreadChange } from '../../lib/unread-events.js';

/**
 * One kind of problem the scan looks for. `findings` is a SQL select over every
 * campus answering cam_id, subject and the params of the todo's texts; each
 * join keeps the campus (… and x.cam_id = se.cam_id). Its todos go to the
 * active users of that campus holding `perm` (or *).
 */
interface ProblemKind {
  prefix: string;
  key: 'todo.courseOverCapacity' | 'todo.roomTooSmall' | 'todo.scheduleClash';
  perm: PermCode;
  findings: SQL;
}

const PROBLEMS: readonly ProblemKind[] = [
  {
    // The courses table refuses enrolled > capacity today; kept for data loaded around that check.
    prefix: 'course-over-capacity:',
    key: 'todo.courseOverCapacity',
    perm: Perm.courseEdit,
    findings: sql`select c.cam_id, 'course-over-capacity:' || c.id as subject,
                         jsonb_build_object('course', c.name, 'enrolled', c.enrolled_count, 'capacity', c.capacity) as params
                  from courses c join terms t on t.id = c.term_id and t.cam_id = c.cam_id and t.is_current
                  where c.enrolled_count > c.capacity`,
  },
  {
    prefix: 'room-too-small:',
    key: 'todo.roomTooSmall',
    perm: Perm.scheduleEdit,
    findings: sql`select se.cam_id, 'room-too-small:' || se.id as subject,
                         jsonb_build_object('course', c.name, 'enrolled', c.enrolled_count, 'room', r.name, 'capacity', r.capacity,
                           'weekday', se.weekday,
                           'start', to_char(make_time(se.start_min / 60, se.start_min % 60, 0), 'HH24:MI'),
                           'end', to_char(make_time(se.end_min / 60, se.end_min % 60, 0), 'HH24:MI')) as params
                  from schedule_entries se
                  join courses c on c.id = se.course_id and c.cam_id = se.cam_id
                  join terms t on t.id = c.term_id and t.cam_id = se.cam_id and t.is_current
                  join rooms r on r.id = se.room_id and r.cam_id = se.cam_id
                  where r.capacity < c.enrolled_count`,
  },
  {
    // Teacher and room double bookings in the current term that writes no longer
    // refuse: data imported or changed around the clash engine. Student clashes
    // are the enrolment check's job.
    prefix: 'schedule-clash:',
    key: 'todo.scheduleClash',
    perm: Perm.scheduleEdit,
    findings: sql`select a.cam_id, 'schedule-clash:' || a.id || ':' || b.id as subject,
                         jsonb_build_object('a', ca.name, 'b', cb.name,
                           'kind', case when a.teacher_id = b.teacher_id then 'teacher' else 'room' end,
                           'weekday', a.weekday,
                           'start', to_char(make_time(greatest(a.start_min, b.start_min) / 60, greatest(a.start_min, b.start_min) % 60, 0), 'HH24:MI'),
                           'end', to_char(make_time(least(a.end_min, b.end_min) / 60, least(a.end_min, b.end_min) % 60, 0), 'HH24:MI')) as params
                  from schedule_entries a
                  join schedule_entries b on b.cam_id = a.cam_id and b.id > a.id and b.weekday = a.weekday
                   and a.start_min < b.end_min and b.start_min < a.end_min
                   and greatest(a.week_start, b.week_start) <= least(a.week_end, b.week_end)
                   and (a.week_pattern = 'all' or b.week_pattern = 'all' or a.week_pattern = b.week_pattern)
                   and (a.teacher_id = b.teacher_id or a.room_id = b.room_id)
                  join courses ca on ca.id = a.course_id and ca.cam_id = a.cam_id
                  join courses cb on cb.id = b.course_id and cb.cam_id = a.cam_id and cb.term_id = ca.term_id
                  join terms t on t.id = ca.term_id and t.cam_id = a.cam_id and t.is_current`,
  },
];

/** Active users of each campus holding `perm` or * through an active role. */
const recipients = (perm: string) => sql`select distinct uc.user_id, uc.cam_id
  from user_campuses uc
  join users u on u.id = uc.user_id and u.status = 'active'
  join user_roles ur on ur.user_id = u.id
  join roles ro on ro.id = ur.role_id and ro.status = 'active'
  join role_perms rp on rp.role_id = ro.id
  join perms p on p.id = rp.perm_id and p.code in ('*', ${perm})`;

export interface ScanResult {
  raised: number;
  closed: number;
}

/**
 * Raises a todo per problem and responsible user (deduplicated as raiseTodo
 * does: not while one is open or was read in the last 7 days), and closes open
 * todos whose problem is gone. All in SQL; safe to run on several instances at
 * once (the open-todo unique index settles races).
 */
export async function scanForTodos(db: Executor): Promise<ScanResult> {
  let raised = 0;
  let closed = 0;
  for (const kind of PROBLEMS) {
    const titleZh = formatStoredText('zh-CN', `${kind.key}.title`);
    const inserted = await queryRows<{ id: number }>(
      db,
      sql`with f as (${kind.findings}), r as (${recipients(kind.perm)})
          insert into messages (user_id, cam_id, type, title, content, message_type, text_key, params, subject)
          select r.user_id, f.cam_id, 'todo', ${titleZh}, '', 0, ${`${kind.key}.title`},
                 jsonb_build_object('title', jsonb_build_object('key', ${`${kind.key}.title`}::text, 'params', f.params),
                                    'content', jsonb_build_object('key', ${`${kind.key}.content`}::text, 'params', f.params)),
                 f.subject
          from f join r on r.cam_id = f.cam_id
          where not exists (select 1 from messages m where m.user_id = r.user_id and m.subject = f.subject
                              and (m.status = 0 or m.read_at > now() - interval '7 days'))
          on conflict (user_id, subject) where status = 0 and subject is not null do nothing
          returning id`,
    );
    const resolved = await queryRows<{ id: number }>(
      db,
      sql`with f as (${kind.findings})
          update messages set status = 1, read_at = now()
          where type = 'todo' and status = 0 and subject like ${`${kind.prefix}%`}
            and subject not in (select subject from f)
          returning id`,
    );
    raised += inserted.length;
    closed += resolved.length;
  }
  if (raised || closed) announceUnreadChange('all');
  return { raised, closed };
}

/**
 * The hourly scan as a scheduled job (lib/jobs): one instance runs each due
 * time; a new database scans right after its first start.
 */
export function defineTodoScanJob(app: FastifyInstance): void {
  app.jobs.define({
    key: 'todo-scan',
    nameKey: 'job.todoScan.name',
    descriptionKey: 'job.todoScan.description',
    cron: '0 * * * *',
    runOnInstall: true,
    async run({ db, log }) {
      const r = await scanForTodos(db);
      if (r.raised || r.closed) log.info(r, 'todo scan');
      return { key: 'job.todoScan.done', params: { raised: r.raised, closed: r.closed } };
    },
  });
}
