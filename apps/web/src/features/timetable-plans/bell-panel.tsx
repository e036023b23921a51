import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Select from '@arco-design/web-react/es/Select';
import Table from '@arco-design/web-react/es/Table';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { bellScheduleSchema, formatIssues, WEEKDAY_LABELS, type BellSchedule, type TimetablePlan } from '@campus/contract';
import { useState } from 'react';
import { getLocale, useT } from '../../lib/i18n';
import { updateBellSchedule } from './plan-api';
import { usePlanPanelSave } from './use-plan-save';

type Day = BellSchedule['days'][number];
type Period = BellSchedule['periods'][number];

/** The contract's verdict on an edited bell schedule: one line per broken rule, as the server would word it. */
export function checkBellSchedule(bell: BellSchedule, locale: ReturnType<typeof getLocale>): string[] {
  const parsed = bellScheduleSchema.safeParse(bell);
  return parsed.success ? [] : formatIssues(parsed.error.issues, bell, locale).map((e) => e.msg);
}

const nextWeekday = (days: Day[]) => [1, 2, 3, 4, 5, 6, 7].find((w) => !days.some((d) => d.weekday === w)) ?? 7;

/** A plan's teaching days and periods (names and times), edited in place and saved as one bell schedule. */
export function BellPanel({ plan }: { plan: TimetablePlan }) {
  const t = useT();
  const locale = getLocale();
  const { canEdit, errors, isBusy, save: savePanel } = usePlanPanelSave(t('tplan.bell.saved'));
  const [days, setDays] = useState<Day[]>(() => plan.days.map(({ name, weekday }) => ({ name, weekday })));
  const [periods, setPeriods] = useState<Period[]>(() =>
    plan.periods.map(({ name, startTime, endTime }) => ({ name, startTime: startTime ?? '', endTime: endTime ?? '' })),
  );

  const setDay = (i: number, patch: Partial<Day>) => setDays((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const setPeriod = (i: number, patch: Partial<Period>) => setPeriods((all) => all.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const save = async () => {
    const bell = { days, periods };
    await savePanel(checkBellSchedule(bell, locale), () => updateBellSchedule(plan.id, bell));
  };

  const removeColumn = <R,>(remove: (i: number) => void, count: number) =>
    canEdit
      ? [
          {
            title: '',
            dataIndex: 'remove',
            width: 56,
            render: (_: unknown, __: R, i: number) => (
              <Button
                size="mini"
                type="text"
                status="danger"
                icon={<IconDelete />}
                aria-label={t('tplan.remove')}
                disabled={count <= 1}
                onClick={() => remove(i)}
              />
            ),
          },
        ]
      : [];

  return (
    <div className="tplan-bell">
      {errors.length > 0 && <Alert type="error" content={errors.join('; ')} className="tplan-toolbar" />}
      <div className="tplan-bell-tables">
        <section>
          <h4>{t('tplan.bell.days')}</h4>
          <Table
            rowKey={(d: Day) => `d${d.weekday}`}
            size="small"
            pagination={false}
            data={days}
            columns={[
              {
                title: t('tplan.bell.name'),
                dataIndex: 'name',
                render: (_: unknown, d: Day, i: number) => (
                  <Input
                    size="small"
                    aria-label={`${t('tplan.bell.day')} ${i + 1} ${t('tplan.bell.name')}`}
                    value={d.name}
                    maxLength={64}
                    disabled={!canEdit}
                    onChange={(v) => setDay(i, { name: v })}
                  />
                ),
              },
              {
                title: t('tplan.bell.weekday'),
                dataIndex: 'weekday',
                width: 120,
                render: (_: unknown, d: Day, i: number) => (
                  <Select
                    size="small"
                    aria-label={`${t('tplan.bell.day')} ${i + 1} ${t('tplan.bell.weekday')}`}
                    value={d.weekday}
                    disabled={!canEdit}
                    options={[1, 2, 3, 4, 5, 6, 7].map((w) => ({ value: w, label: WEEKDAY_LABELS[w]?.[locale] ?? String(w) }))}
                    onChange={(v: number) => setDay(i, { weekday: v })}
                  />
                ),
              },
              ...removeColumn<Day>((i) => setDays((all) => all.filter((_, j) => j !== i)), days.length),
            ]}
          />
          {canEdit && days.length < 7 && (
            <Button
              size="small"
              type="dashed"
              icon={<IconPlus />}
              onClick={() => {
                const weekday = nextWeekday(days);
                setDays([...days, { name: WEEKDAY_LABELS[weekday]?.[locale] ?? String(weekday), weekday }]);
              }}
            >
              {t('tplan.bell.addDay')}
            </Button>
          )}
        </section>
        <section>
          <h4>{t('tplan.bell.periods')}</h4>
          <Table
            rowKey={(p: Period) => `p${periods.indexOf(p)}`}
            size="small"
            pagination={false}
            data={periods}
            columns={[
              { title: '#', dataIndex: 'index', width: 40, render: (_: unknown, __: Period, i: number) => i + 1 },
              ...(['name', 'startTime', 'endTime'] as const).map((key) => ({
                title: t(`tplan.bell.${key}`),
                dataIndex: key,
                render: (_: unknown, p: Period, i: number) => (
                  <Input
                    size="small"
                    aria-label={`${t('tplan.bell.period', { period: i + 1 })} ${t(`tplan.bell.${key}`)}`}
                    value={p[key]}
                    placeholder={key === 'name' ? '' : 'HH:mm'}
                    maxLength={key === 'name' ? 64 : 5}
                    disabled={!canEdit}
                    onChange={(v) => setPeriod(i, { [key]: v })}
                  />
                ),
              })),
              ...removeColumn<Period>((i) => setPeriods((all) => all.filter((_, j) => j !== i)), periods.length),
            ]}
          />
          {canEdit && periods.length < 16 && (
            <Button
              size="small"
              type="dashed"
              icon={<IconPlus />}
              onClick={() => setPeriods([...periods, { name: String(periods.length + 1), startTime: '', endTime: '' }])}
            >
              {t('tplan.bell.addPeriod')}
            </Button>
          )}
        </section>
      </div>
      {canEdit && (
        <Button type="primary" loading={isBusy} onClick={() => void save()}>
          {t('tplan.bell.save')}
        </Button>
      )}
    </div>
  );
}
