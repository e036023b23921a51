import Button from '@arco-design/web-react/es/Button';
import { IconLock, IconUnlock } from '@arco-design/web-react/icon';
import type { TimetablePlan } from '@campus/contract';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import type { GridLesson } from './result-grid-logic';

interface ResultGridProps {
  plan: Pick<TimetablePlan, 'days' | 'periods'>;
  cells: Map<string, GridLesson[]>;
  label: string;
  /** Drop of a lesson on a cell (a move by hand); absent: read-only. */
  onMove?: (activityId: number, day: number, period: number) => void;
  onToggleLock?: (lesson: GridLesson) => void;
}

/** The week of one class, teacher or room: days across, periods down; lessons can be dragged to another cell. */
export function ResultGrid({ plan, cells, label, onMove, onToggleLock }: ResultGridProps) {
  const t = useT();
  const [over, setOver] = useState<string | null>(null);
  return (
    <table className="tplan-grid" aria-label={label}>
      <thead>
        <tr>
          <th />
          {plan.days.map((d) => (
            <th key={d.index} scope="col">
              {d.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {plan.periods.map((p) => (
          <tr key={p.index}>
            <th scope="row">
              {p.name}
              {/* An imported FET hour is often named by its times: those are not shown twice. */}
              {p.startTime && !p.name.includes(p.startTime) ? <div>{`${p.startTime}-${p.endTime ?? ''}`}</div> : null}
            </th>
            {plan.days.map((d) => {
              const key = `${d.index}:${p.index}`;
              return (
                <td
                  key={key}
                  data-cell={key}
                  className={over === key ? 'tplan-drop' : undefined}
                  onDragOver={(e) => {
                    if (!onMove) return;
                    e.preventDefault();
                    setOver(key);
                  }}
                  onDragLeave={() => setOver(null)}
                  onDrop={(e) => {
                    setOver(null);
                    const id = Number(e.dataTransfer.getData('text/plain'));
                    if (onMove && id) onMove(id, d.index, p.index);
                  }}
                >
                  {(cells.get(key) ?? []).map((lesson) => (
                    <div
                      key={lesson.activityId}
                      className={`tplan-lesson${lesson.isLocked ? ' tplan-locked' : ''}`}
                      data-activity={lesson.activityId}
                      draggable={Boolean(onMove) && lesson.isStart}
                      onDragStart={(e) => e.dataTransfer.setData('text/plain', String(lesson.activityId))}
                    >
                      <strong>{lesson.subject}</strong>
                      {lesson.detail ? <div>{lesson.detail}</div> : null}
                      {onToggleLock && lesson.isStart ? (
                        <Button
                          size="mini"
                          type="text"
                          aria-label={lesson.isLocked ? t('tplan.unlock') : t('tplan.lock')}
                          icon={lesson.isLocked ? <IconLock /> : <IconUnlock />}
                          onClick={() => onToggleLock(lesson)}
                        />
                      ) : null}
                    </div>
                  ))}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
