import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import List from '@arco-design/web-react/es/List';
import Popconfirm from '@arco-design/web-react/es/Popconfirm';
import Progress from '@arco-design/web-react/es/Progress';
import Radio from '@arco-design/web-react/es/Radio';
import Select from '@arco-design/web-react/es/Select';
import Space from '@arco-design/web-react/es/Space';
import { Perm, WEEKDAY_LABELS, type ScheduleConflict, type TimetablePlan, type TimetableViolation } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { useLocaleStore, useT } from '../../lib/i18n';
import { readClashAnswer } from '../../lib/schedule-conflicts';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import {
  applyPlan,
  cancelRun,
  downloadFet,
  fetchRun,
  fetchSolution,
  lockLesson,
  moveLesson,
  planKeys,
  startGeneration,
  unlockLesson,
} from './plan-api';
import { ResultGrid } from './result-grid';
import { buildGrid, gridTargets, type GridLesson, type GridView } from './result-grid-logic';
import { RunStatusTag } from './run-status-tag';
import { describeViolation, ruleLabel } from './rule-words';
import { followRun } from './run-stream';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const VIEWS: readonly GridView[] = ['class', 'teacher', 'room'];

/** Lists longer than this scroll in a box that draws only the rows in view (issue 22). */
const VIRTUAL_FROM = 50;
const virtualList = (count: number) => (count > VIRTUAL_FROM ? { height: 320, threshold: VIRTUAL_FROM } : undefined);

/** Every broken rule, in the user's words (rule-words.ts). */
function Violations({ title, items, plan }: { title: string; items: TimetableViolation[]; plan: TimetablePlan }) {
  const t = useT();
  if (!items.length) return null;
  return (
    <List
      className="tplan-section"
      size="small"
      header={title}
      dataSource={items}
      virtualListProps={virtualList(items.length)}
      render={(v: TimetableViolation, i: number) => <List.Item key={i}>{describeViolation(t, v, plan)}</List.Item>}
    />
  );
}

/** Generate (progress, cancel), then the result: status, broken rules, the week grid by class / teacher / room, apply. */
export function GeneratePanel({ plan }: { plan: TimetablePlan }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const can = usePermission();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const [timeLimitS, setTimeLimitS] = useState(30);
  const [runId, setRunId] = useState<number | null>(plan.latestRun?.status === 'running' ? plan.latestRun.id : null);
  const [view, setView] = useState<GridView>('class');
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  // A refused apply stays on the page with every clash listed (a toast that faded named students by id).
  const [applyClash, setApplyClash] = useState<{ conflicts: ScheduleConflict[]; total: number } | null>(null);
  const canEdit = can([Perm.timetablePlanEdit]);

  // Progress arrives over the run's event stream; while that is not (yet, or any longer) live, it is polled.
  const [liveRunId, setLiveRunId] = useState<number | null>(null);
  const isLive = runId !== null && liveRunId === runId;
  const run = useQuery({
    queryKey: planKeys.run(camId, plan.id, runId ?? 0),
    queryFn: () => fetchRun(plan.id, runId ?? 0),
    enabled: runId !== null,
    refetchInterval: (q) => (isLive || (q.state.data && q.state.data.status !== 'running') ? false : 1000),
  });
  useEffect(() => {
    if (runId === null) return undefined;
    return followRun(plan.id, runId, {
      onRun: (r) => queryClient.setQueryData(planKeys.run(camId, plan.id, runId), r),
      onLiveChange: (live) => setLiveRunId(live ? runId : null),
    });
  }, [plan.id, runId, camId, queryClient]);
  const solution = useQuery({ queryKey: planKeys.solution(camId, plan.id), queryFn: () => fetchSolution(plan.id) });
  const isRunning = run.data?.status === 'running' || (runId !== null && !run.data);

  useEffect(() => {
    if (run.data && run.data.status !== 'running') void queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
  }, [run.data, camId, queryClient]);

  const targets = useMemo(() => gridTargets(plan, view), [plan, view]);
  const shown = target ?? targets[0]?.value;
  const cells = useMemo(
    () => (solution.data && shown !== undefined ? buildGrid(plan, solution.data, view, shown) : new Map<string, GridLesson[]>()),
    [plan, solution.data, view, shown],
  );

  const act = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } catch (err) {
      showMessageError(message(err));
    } finally {
      setIsBusy(false);
    }
  };
  const generate = () => void act(async () => setRunId(await startGeneration(plan.id, timeLimitS)));
  const cancel = () =>
    void act(async () => {
      if (runId !== null) await cancelRun(plan.id, runId);
    });
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
  const move = (activityId: number, day: number, period: number) =>
    void act(async () => {
      await moveLesson(plan.id, activityId, day, period);
      showSuccess(t('tplan.moved'));
      await refreshAll();
    });
  const toggleLock = (lesson: GridLesson) =>
    void act(async () => {
      if (lesson.isLocked) await unlockLesson(plan.id, lesson.activityId);
      else await lockLesson(plan.id, lesson.activityId, lesson.day, lesson.period);
      await refreshAll();
    });
  const apply = () =>
    void act(async () => {
      setApplyClash(null);
      try {
        const r = await applyPlan(plan.id);
        showSuccess(t('tplan.applied', { entries: r.entries, removed: r.removed, courses: r.coursesCreated, enrolled: r.enrolled }));
      } catch (err) {
        const clash = readClashAnswer(err);
        if (!clash) throw err;
        setApplyClash(clash);
      }
      await refreshAll();
    });
  const exportFile = (withSolution: boolean) =>
    void act(async () => showSuccess(t('tplan.downloaded', { name: await downloadFet(plan.id, withSolution) })));

  const current = run.data;
  const names = new Map(plan.activities.map((a) => [a.id, a.subjectName || `#${a.id}`]));
  return (
    <div>
      <Space wrap>
        {canEdit && (
          <>
            <span>{t('tplan.timeLimit')}</span>
            <InputNumber
              aria-label={t('tplan.timeLimit')}
              min={1}
              max={600}
              value={timeLimitS}
              onChange={(v) => setTimeLimitS(Number(v) || 1)}
              style={{ width: 120 }}
            />
            <Button type="primary" loading={isRunning} disabled={isBusy} onClick={generate}>
              {solution.data ? t('tplan.regenerate') : t('tplan.generate')}
            </Button>
            {isRunning && (
              <Button status="warning" onClick={cancel}>
                {t('tplan.cancel')}
              </Button>
            )}
          </>
        )}
        {can([Perm.timetablePlanExport]) && (
          <>
            <Button onClick={() => exportFile(false)}>{t('tplan.export')}</Button>
            {solution.data && <Button onClick={() => exportFile(true)}>{t('tplan.exportSolution')}</Button>}
          </>
        )}
        {solution.data && can([Perm.timetablePlanApply]) && (
          <Popconfirm title={t('tplan.applyConfirm')} onOk={apply}>
            <Button type="primary" status="success" disabled={isBusy || isRunning}>
              {t('tplan.apply')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {applyClash && (
        <Alert
          type="error"
          className="tplan-section tplan-apply-clash"
          closable
          onClose={() => setApplyClash(null)}
          title={t('tplan.applyRefused', { count: applyClash.total })}
          content={
            <ul className="alert-list">
              {applyClash.conflicts.map((c, i) => (
                <li key={`${c.entryId}-${c.kind}-${i}`}>
                  {t('tplan.applyClashItem', {
                    course: c.courseName,
                    weekday: WEEKDAY_LABELS[c.weekday]?.[locale] ?? String(c.weekday),
                    start: c.startTime,
                    end: c.endTime,
                    detail: c.detail,
                  })}
                </li>
              ))}
              {applyClash.conflicts.length < applyClash.total && (
                <li>{t('tplan.applyClashMore', { count: applyClash.total - applyClash.conflicts.length })}</li>
              )}
            </ul>
          }
        />
      )}
      {current && (
        <div className="tplan-progress" data-testid="tplan-run">
          <RunStatusTag run={current} />{' '}
          {t('tplan.progress', { placed: current.placed, total: current.total, seconds: (current.elapsedMs / 1000).toFixed(1) })}
          <Progress percent={current.total ? Math.round((100 * current.placed) / current.total) : 0} />
          {current.status !== 'running' && <div>{t('tplan.softScore', { score: current.softScore })}</div>}
          {current.unplaced.length > 0 && (
            <List
              size="small"
              header={t('tplan.unplaced', { count: current.unplaced.length })}
              dataSource={current.unplaced}
              virtualListProps={virtualList(current.unplaced.length)}
              render={(u: (typeof current.unplaced)[number]) => (
                <List.Item key={u.activityId}>
                  {names.get(u.activityId) ?? `#${u.activityId}`}:{' '}
                  {u.reasons
                    .map((r) => t('tplan.unplaced.reason', { rule: ruleLabel(t, r.type), slots: r.slots }))
                    .join(t('tplan.list.sep'))}
                </List.Item>
              )}
            />
          )}
        </div>
      )}
      {solution.data ? (
        <div className="tplan-section">
          <Violations
            title={t('tplan.hardViolations', { count: solution.data.hardViolations.length })}
            items={solution.data.hardViolations}
            plan={plan}
          />
          <Violations
            title={t('tplan.softViolations', { count: solution.data.softViolations.length })}
            items={solution.data.softViolations}
            plan={plan}
          />
          {!solution.data.hardViolations.length && !solution.data.softViolations.length && (
            <Alert type="success" content={t('tplan.noneBroken')} />
          )}
          <Space className="tplan-section" wrap>
            <Radio.Group
              type="button"
              value={view}
              onChange={(v: GridView) => {
                setView(v);
                setTarget(undefined);
              }}
            >
              {VIEWS.map((v) => (
                <Radio key={v} value={v}>
                  {t(`tplan.view.${v}`)}
                </Radio>
              ))}
            </Radio.Group>
            <Select
              aria-label={t('tplan.view.pick')}
              style={{ width: 240 }}
              placeholder={t('tplan.view.pick')}
              options={targets}
              value={shown}
              onChange={(v: string) => setTarget(v)}
              showSearch
            />
          </Space>
          {canEdit && <p>{t('tplan.grid.moveHelp')}</p>}
          <ResultGrid
            plan={plan}
            cells={cells}
            label={t('tplan.grid.label', { name: targets.find((x) => x.value === shown)?.label ?? '' })}
            {...(canEdit ? { onMove: move, onToggleLock: toggleLock } : {})}
          />
        </div>
      ) : (
        !isRunning && <Alert className="tplan-section" content={t('tplan.noSolution')} />
      )}
    </div>
  );
}
