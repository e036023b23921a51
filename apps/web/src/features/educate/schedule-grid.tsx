import {
  WEEK_PATTERN_LABELS,
  WEEKDAY_LABELS,
  formatHm,
  parseHm,
  type FreeSlot,
  type ScheduleConflict,
  type ScheduleEntry,
} from '@campus/contract';
import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { useLocaleStore, useT, type Translate } from '../../lib/i18n';
import {
  WEEKDAYS,
  assignLanes,
  dragToTarget,
  findColumnAt,
  listRowStarts,
  minuteToRow,
  offsetToMinute,
  placeSpan,
  selectionToRange,
  toTimeSpan,
  type DayRange,
  type MinuteRange,
  type MoveTarget,
} from './schedule-grid-logic';
import './schedule-messages';
import './timetable-grid.css';

/** Pixel height of one time row: a 45-minute lesson's block holds its three lines. */
export const ROW_PX = 34;
/** A press that travels less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;
const PALETTE = ['arcoblue', 'green', 'orangered', 'purple', 'cyan', 'magenta', 'gold', 'lime'] as const;

export interface GridSelection extends MinuteRange {
  weekday: number;
}

interface ScheduleGridProps {
  day: DayRange;
  entries: readonly ScheduleEntry[];
  /** Other courses' entries a write clashed with: shown where they meet. */
  clashes?: readonly ScheduleConflict[];
  suggestions?: readonly FreeSlot[];
  /** Entries of this grid involved in the clash shown. */
  flaggedIds?: ReadonlySet<number>;
  /** A range waiting for its form (a new entry). */
  pending?: GridSelection | null;
  isEditable?: boolean;
  label: string;
  /** One more line on an entry's block (a class timetable's "12/40 of the class"). */
  noteOf?: (entry: ScheduleEntry) => string | undefined;
  onSelectRange?: (selection: GridSelection) => void;
  onOpenEntry?: (entry: ScheduleEntry) => void;
  onMoveEntry?: (entry: ScheduleEntry, target: MoveTarget) => void;
  onPickSuggestion?: (slot: FreeSlot) => void;
}

interface Selecting {
  weekday: number;
  anchorRow: number;
  currentRow: number;
}

interface Dragging {
  entry: ScheduleEntry;
  grabOffsetMin: number;
  startX: number;
  startY: number;
  hasMoved: boolean;
  target: MoveTarget | null;
}

type Item =
  | { kind: 'entry'; key: string; startTime: string; endTime: string; entry: ScheduleEntry }
  | { kind: 'clash'; key: string; startTime: string; endTime: string; clash: ScheduleConflict; kinds: ScheduleConflict['kind'][] };

function groupClashes(clashes: readonly ScheduleConflict[]): { clash: ScheduleConflict; kinds: ScheduleConflict['kind'][] }[] {
  const byEntry = new Map<number, { clash: ScheduleConflict; kinds: ScheduleConflict['kind'][] }>();
  for (const c of clashes) {
    const group = byEntry.get(c.entryId);
    if (group) group.kinds.push(c.kind);
    else byEntry.set(c.entryId, { clash: c, kinds: [c.kind] });
  }
  return [...byEntry.values()];
}

export function describeWeeks(
  t: Translate,
  e: { weekStart: number; weekEnd: number; weekPattern: keyof typeof WEEK_PATTERN_LABELS },
  locale: 'zh-CN' | 'en-US',
) {
  const weeks = t('schedule.weeksRange', { from: e.weekStart, to: e.weekEnd });
  return e.weekPattern === 'all' ? weeks : `${weeks} · ${WEEK_PATTERN_LABELS[e.weekPattern][locale]}`;
}

export function describeEntry(t: Translate, e: ScheduleEntry, locale: 'zh-CN' | 'en-US'): string {
  return [
    `${e.courseName} (${e.courseCode})`,
    `${WEEKDAY_LABELS[e.weekday]?.[locale] ?? e.weekday} ${e.startTime}-${e.endTime}`,
    `${t('schedule.field.roomId')} ${e.roomCode} ${e.roomName}`,
    `${t('schedule.field.teacherId')} ${e.teacherName}`,
    describeWeeks(t, e, locale),
  ].join(', ');
}

function colorOf(courseId: number): string {
  return PALETTE[courseId % PALETTE.length] ?? 'arcoblue';
}

/**
 * The week grid: weekday columns, time rows, entries as blocks. Editable
 * grids let staff select a range in a column (a new entry), click a block
 * (edit it) or drag it to another day or time (move it).
 */
export function ScheduleGrid({
  day,
  entries,
  clashes = [],
  suggestions = [],
  flaggedIds,
  pending,
  isEditable = false,
  label,
  noteOf,
  onSelectRange,
  onOpenEntry,
  onMoveEntry,
  onPickSuggestion,
}: ScheduleGridProps) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const rows = listRowStarts(day);
  const height = rows.length * ROW_PX;
  const hourPx = (60 / day.stepMin) * ROW_PX;
  const columnRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [selecting, setSelecting] = useState<Selecting | null>(null);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [hovered, setHovered] = useState<FreeSlot | null>(null);
  const suppressClick = useRef(false);

  const rowAt = (column: HTMLElement, clientY: number) =>
    minuteToRow(offsetToMinute(clientY - column.getBoundingClientRect().top, day, ROW_PX), day);

  const startSelect = (weekday: number, event: ReactPointerEvent<HTMLDivElement>) => {
    if (!isEditable || event.button !== 0 || event.target !== event.currentTarget) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const row = rowAt(event.currentTarget, event.clientY);
    setSelecting({ weekday, anchorRow: row, currentRow: row });
  };
  const moveSelect = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!selecting) return;
    const row = rowAt(event.currentTarget, event.clientY);
    if (row !== selecting.currentRow) setSelecting({ ...selecting, currentRow: row });
  };
  const endSelect = () => {
    if (!selecting) return;
    const range = selectionToRange(selecting.anchorRow, selecting.currentRow, day);
    setSelecting(null);
    onSelectRange?.({ weekday: selecting.weekday, ...range });
  };

  const startDrag = (entry: ScheduleEntry, event: ReactPointerEvent<HTMLElement>) => {
    if (!isEditable || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const column = columnRefs.current[WEEKDAYS.indexOf(entry.weekday as (typeof WEEKDAYS)[number])];
    const pointerMin = column ? offsetToMinute(event.clientY - column.getBoundingClientRect().top, day, ROW_PX) : 0;
    const grabOffsetMin = pointerMin - parseHm(entry.startTime);
    setDragging({ entry, grabOffsetMin, startX: event.clientX, startY: event.clientY, hasMoved: false, target: null });
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!dragging) return;
    const distance = Math.hypot(event.clientX - dragging.startX, event.clientY - dragging.startY);
    const hasMoved = dragging.hasMoved || distance >= DRAG_THRESHOLD_PX;
    if (!hasMoved) return;
    const rects = columnRefs.current.map((c) => c?.getBoundingClientRect() ?? { left: 0, right: 0, top: 0 });
    const index = findColumnAt(event.clientX, rects);
    const rect = index === null ? undefined : rects[index];
    const weekday = index === null ? undefined : WEEKDAYS[index];
    const target =
      rect && weekday !== undefined
        ? dragToTarget(dragging.entry, dragging.grabOffsetMin, offsetToMinute(event.clientY - rect.top, day, ROW_PX), weekday, day)
        : null;
    setDragging({ ...dragging, hasMoved, target });
  };
  const endDrag = () => {
    if (!dragging) return;
    const { entry, hasMoved, target } = dragging;
    setDragging(null);
    if (!hasMoved) return;
    suppressClick.current = true;
    const isSame = target && target.weekday === entry.weekday && formatHm(target.startMin) === entry.startTime;
    if (target && !isSame) onMoveEntry?.(entry, target);
  };

  const activeSelection: GridSelection | null = selecting
    ? { weekday: selecting.weekday, ...selectionToRange(selecting.anchorRow, selecting.currentRow, day) }
    : (pending ?? null);

  return (
    <div className="tt-grid" role="region" aria-label={label}>
      <div className="tt-head">
        <div className="tt-corner" />
        {WEEKDAYS.map((d) => (
          <div key={d} className="tt-day-head">
            {WEEKDAY_LABELS[d]?.[locale]}
          </div>
        ))}
      </div>
      <div className="tt-body">
        <div className="tt-times" style={{ height }} aria-hidden="true">
          {rows.map((m) => (
            <div key={m} className={`tt-time${m % 60 === 0 ? ' tt-time-hour' : ''}`} style={{ height: ROW_PX }}>
              {formatHm(m)}
            </div>
          ))}
        </div>
        {WEEKDAYS.map((weekday, index) => {
          const items: Item[] = [
            ...entries
              .filter((e) => e.weekday === weekday)
              .map((e): Item => ({ kind: 'entry', key: `e${e.id}`, startTime: e.startTime, endTime: e.endTime, entry: e })),
            // One ghost per other entry, however many ways it clashes (teacher and room at once).
            ...groupClashes(clashes.filter((c) => c.weekday === weekday)).map((g): Item => ({
              kind: 'clash',
              key: `c${g.clash.entryId}`,
              startTime: g.clash.startTime,
              endTime: g.clash.endTime,
              clash: g.clash,
              kinds: g.kinds,
            })),
          ];
          const daySuggestions = suggestions.filter((s) => s.weekday === weekday);
          return (
            <div
              key={weekday}
              ref={(el) => {
                columnRefs.current[index] = el;
              }}
              className={`tt-col${isEditable ? ' tt-col-editable' : ''}`}
              data-weekday={weekday}
              style={{ height, backgroundSize: `100% ${hourPx}px`, backgroundPositionY: -((day.startMin % 60) / day.stepMin) * ROW_PX }}
              onPointerDown={(e) => startSelect(weekday, e)}
              onPointerMove={moveSelect}
              onPointerUp={endSelect}
              onPointerCancel={() => setSelecting(null)}
            >
              {/* Each slot as long as it lasts (a 60-minute slot two rows of 30); slots that overlap share the width. */}
              {assignLanes(daySuggestions).map(({ item: s, lane, lanes }) => {
                const place = placeSpan(s, day, ROW_PX);
                return (
                  <button
                    type="button"
                    key={`s${s.startTime}`}
                    className="tt-suggestion"
                    style={{
                      top: place.top,
                      height: place.height,
                      left: `calc(${(lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                    }}
                    onPointerDown={(e) => e.stopPropagation()}
                    onMouseEnter={() => setHovered(s)}
                    onMouseLeave={() => setHovered(null)}
                    onFocus={() => setHovered(s)}
                    onBlur={() => setHovered(null)}
                    onClick={() => onPickSuggestion?.(s)}
                    aria-label={t('schedule.suggestion.aria', {
                      weekday: WEEKDAY_LABELS[weekday]?.[locale] ?? '',
                      start: s.startTime,
                      end: s.endTime,
                      rooms: s.rooms.length,
                    })}
                  >
                    {s.startTime}–{s.endTime}
                  </button>
                );
              })}
              {hovered && hovered.weekday === weekday && <div className="tt-suggestion-preview" style={placeSpan(hovered, day, ROW_PX)} />}
              {assignLanes(items).map(({ item, lane, lanes }) => {
                const place = placeSpan(item, day, ROW_PX);
                const style = { top: place.top, height: place.height, left: `${(lane / lanes) * 100}%`, width: `${100 / lanes}%` };
                if (item.kind === 'clash') return <ClashBlock key={item.key} clash={item.clash} kinds={item.kinds} style={style} />;
                const e = item.entry;
                const isDragged = dragging?.entry.id === e.id && dragging.hasMoved;
                const className = [
                  'tt-block',
                  `tt-color-${colorOf(e.courseId)}`,
                  flaggedIds?.has(e.id) ? 'tt-block-flagged' : '',
                  isDragged ? 'tt-block-dragged' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                const note = noteOf?.(e);
                const body = <BlockBody entry={e} t={t} locale={locale} note={note} />;
                if (!isEditable)
                  return (
                    <div
                      key={item.key}
                      className={className}
                      style={style}
                      title={[describeEntry(t, e, locale), note].filter(Boolean).join(', ')}
                      data-entry-id={e.id}
                    >
                      {body}
                    </div>
                  );
                return (
                  <button
                    type="button"
                    key={item.key}
                    className={`${className} tt-block-editable`}
                    style={style}
                    data-entry-id={e.id}
                    onPointerDown={(ev) => startDrag(e, ev)}
                    onPointerMove={moveDrag}
                    onPointerUp={endDrag}
                    onPointerCancel={() => setDragging(null)}
                    onClick={() => {
                      if (suppressClick.current) {
                        suppressClick.current = false;
                        return;
                      }
                      onOpenEntry?.(e);
                    }}
                  >
                    {/* The name is the visible text with the action before it and the details after it
                        (axe, label-content-name-mismatch: a name must contain what the button shows). */}
                    <span className="visually-hidden">{t('schedule.block.action')}</span>
                    {body}
                    <span className="visually-hidden">
                      {t('schedule.block.details', {
                        code: e.courseCode,
                        weekday: WEEKDAY_LABELS[e.weekday]?.[locale] ?? String(e.weekday),
                        room: e.roomName,
                      })}
                    </span>
                  </button>
                );
              })}
              {activeSelection && activeSelection.weekday === weekday && (
                <div className="tt-selection" style={placeSpan(toTimeSpan(activeSelection), day, ROW_PX)}>
                  {formatHm(activeSelection.startMin)}–{formatHm(activeSelection.endMin)}
                </div>
              )}
              {dragging?.target && dragging.target.weekday === weekday && (
                <div className="tt-drop-preview" style={placeSpan(toTimeSpan(dragging.target), day, ROW_PX)}>
                  {formatHm(dragging.target.startMin)}–{formatHm(dragging.target.endMin)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function BlockBody({
  entry: e,
  t,
  locale,
  note,
}: {
  entry: ScheduleEntry;
  t: Translate;
  locale: 'zh-CN' | 'en-US';
  note?: string | undefined;
}) {
  return (
    <>
      <span className="tt-block-title">{e.courseName}</span>
      {note && <span className="tt-block-line tt-block-note">{note}</span>}
      <span className="tt-block-line">
        {e.startTime}–{e.endTime}
      </span>
      <span className="tt-block-line">
        {e.roomCode} · {e.teacherName}
      </span>
      <span className="tt-block-line">{describeWeeks(t, e, locale)}</span>
    </>
  );
}

function ClashBlock({ clash, kinds, style }: { clash: ScheduleConflict; kinds: ScheduleConflict['kind'][]; style: CSSProperties }) {
  const t = useT();
  return (
    <div className="tt-block tt-block-clash" style={style} role="note" aria-label={t('schedule.clash.ghost', { course: clash.courseName })}>
      <span className="tt-block-title">{clash.courseName}</span>
      <span className="tt-block-line">
        {clash.startTime}–{clash.endTime}
      </span>
      {kinds.map((k) => (
        <span key={k} className="tt-block-line">
          {t(`schedule.kind.${k}`)}
        </span>
      ))}
    </div>
  );
}
