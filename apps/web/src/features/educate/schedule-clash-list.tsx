import Alert from '@arco-design/web-react/es/Alert';
import Tag from '@arco-design/web-react/es/Tag';
import { WEEKDAY_LABELS, type ScheduleConflict } from '@campus/contract';
import { useLocaleStore, useT, type Translate } from '../../lib/i18n';
import { describeWeeks } from './schedule-grid';
import { compressWeeks } from './schedule-grid-logic';

const KIND_COLORS = { teacher: 'orangered', room: 'purple', student: 'magenta' } as const;

/** Who or what the two entries share, worded in the current language from the answer's fields. */
export function describeShared(t: Translate, c: ScheduleConflict): string {
  if (c.kind === 'teacher') return t('schedule.clash.teacher', { name: c.teacherName ?? '' });
  if (c.kind === 'room') return t('schedule.clash.room', { code: c.roomCode ?? '', name: c.roomName ?? '' });
  const names = (c.students ?? []).map((s) => s.name).join(', ');
  const count = c.studentCount ?? c.students?.length ?? 0;
  return t('schedule.clash.students', { count, names: count > (c.students?.length ?? 0) ? `${names}, …` : names });
}

interface ClashListProps {
  conflicts: readonly ScheduleConflict[];
  /** What was refused, e.g. "the entry stays where it was". */
  note?: string;
  onClose?: () => void;
}

/** The clashes of a refused write, each naming the other course, its time and what both need. */
export function ClashList({ conflicts, note, onClose }: ClashListProps) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  return (
    <Alert
      type="error"
      className="schedule-clashes"
      closable={Boolean(onClose)}
      onClose={onClose}
      title={t('schedule.clash.title', { count: conflicts.length })}
      content={
        <>
          {note && <p className="schedule-clash-note">{note}</p>}
          <ul className="schedule-clash-list">
            {conflicts.map((c, i) => (
              <li key={`${c.entryId}-${c.kind}-${i}`}>
                <Tag size="small" color={KIND_COLORS[c.kind]}>
                  {t(`schedule.kind.${c.kind}`)}
                </Tag>{' '}
                <strong>{c.courseName}</strong>
                {' · '}
                {WEEKDAY_LABELS[c.weekday]?.[locale]} {c.startTime}–{c.endTime}
                {' · '}
                {describeWeeks(t, c, locale)}
                {' — '}
                {describeShared(t, c)}
                {c.weeks.length > 0 && (
                  <span className="schedule-clash-weeks"> {t('schedule.clash.inWeeks', { weeks: compressWeeks(c.weeks) })}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
