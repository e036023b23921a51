import Button from '@arco-design/web-react/es/Button';
import Checkbox from '@arco-design/web-react/es/Checkbox';
import Input from '@arco-design/web-react/es/Input';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Modal from '@arco-design/web-react/es/Modal';
import Radio from '@arco-design/web-react/es/Radio';
import Select from '@arco-design/web-react/es/Select';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconPlus } from '@arco-design/web-react/icon';
import {
  Perm,
  timetableConstraintSchema,
  type TimetableConstraint,
  type TimetableConstraintRow,
  type TimetablePlan,
} from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { addConstraint, deleteConstraint, fetchTeacherOptions, planKeys, updateConstraint } from './plan-api';
import { deleteColumns } from './delete-column';
import { gridTargets } from './result-grid-logic';
import { describeConstraint, ruleLabel } from './rule-words';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Rules about one teacher or student set (or all of them) and one number: the number's field and its bound
 * (the contract's). The number is labelled with the rule's own name ("most gaps a week").
 */
const COUNT_RULES = {
  maxHoursDaily: { field: 'maxHours', max: 24 },
  maxHoursContinuously: { field: 'maxHours', max: 24 },
  minHoursDaily: { field: 'minHours', max: 24 },
  maxGapsPerDay: { field: 'maxGaps', max: 24 },
  maxGapsPerWeek: { field: 'maxGaps', max: 168 },
  maxDaysPerWeek: { field: 'maxDays', max: 7 },
  minDaysPerWeek: { field: 'minDays', max: 7 },
} as const;
type CountType = keyof typeof COUNT_RULES;
/** Rules that are a set of times: for a teacher or student set, for a room, or for everyone (breaks). */
type SlotType = 'notAvailable' | 'roomNotAvailable' | 'breakTimes';
type FormType = SlotType | CountType | 'json';
const FORM_TYPES: readonly FormType[] = [
  'notAvailable',
  'roomNotAvailable',
  'breakTimes',
  ...(Object.keys(COUNT_RULES) as CountType[]),
  'json',
];
const isCountType = (type: string): type is CountType => type in COUNT_RULES;
const hasTarget = (type: FormType) => type === 'notAvailable' || isCountType(type);

const toSlots = (keys: Set<string>) => [...keys].map((k) => ({ day: Number(k.split(':')[0]), period: Number(k.split(':')[1]) }));

/** The body a rule's own form describes, before the contract checks it. */
function readForm(form: FormState, type: Exclude<FormType, 'json'>): Record<string, unknown> {
  const body = { ...(form.comment === undefined ? {} : { comment: form.comment }), weight: form.weight, type };
  if (type === 'breakTimes') return { ...body, slots: toSlots(form.slots) };
  if (type === 'roomNotAvailable') return { ...body, roomId: form.roomId, slots: toSlots(form.slots) };
  // No teacher or set chosen: the rule is for all teachers (all student sets).
  const target = form.kind === 'teacher' ? { kind: 'teacher', teacherId: form.who } : { kind: 'studentSet', studentSetId: form.who };
  if (type === 'notAvailable') return { ...body, target, slots: toSlots(form.slots) };
  return {
    ...body,
    target,
    [COUNT_RULES[type].field]: form.amount,
    ...(type === 'minHoursDaily' ? { allowEmptyDays: form.allowEmptyDays } : {}),
  };
}

/** The constraint a form describes, checked by the contract; an error text when it is not one. */
export function buildConstraint(
  form: FormState,
  t: (key: string, params?: Record<string, string | number>) => string,
): TimetableConstraint | string {
  let candidate: unknown;
  if (form.type === 'json') {
    try {
      candidate = JSON.parse(form.json) as unknown;
    } catch (err) {
      return t('tplan.constraint.jsonInvalid', { detail: message(err) });
    }
  } else candidate = readForm(form, form.type);
  const parsed = timetableConstraintSchema.safeParse(candidate);
  if (!parsed.success)
    return t('tplan.constraint.jsonInvalid', { detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  return parsed.data;
}

interface FormState {
  type: FormType;
  weight: number;
  kind: 'teacher' | 'studentSet';
  /** The teacher's or set's id; none for all of them. */
  who: string | undefined;
  roomId: string | undefined;
  slots: Set<string>;
  amount: number;
  allowEmptyDays: boolean;
  json: string;
  comment?: string | undefined;
}

const EMPTY_FORM: FormState = {
  type: 'notAvailable',
  weight: 100,
  kind: 'teacher',
  who: undefined,
  roomId: undefined,
  slots: new Set(),
  amount: 6,
  allowEmptyDays: true,
  json: '',
};

/** The form showing a stored constraint: its own form when it has one, else its JSON. */
export function formFromConstraint(row: TimetableConstraintRow): FormState {
  const { id, ...body } = row;
  void id;
  // A comment (FET's) has no field of its own; it is kept as it was.
  const empty: FormState = { ...EMPTY_FORM, weight: body.weight, comment: body.comment };
  const slots = 'slots' in body ? new Set(body.slots.map((x) => `${x.day}:${x.period}`)) : empty.slots;
  if (body.type === 'breakTimes') return { ...empty, type: body.type, slots };
  if (body.type === 'roomNotAvailable') return { ...empty, type: body.type, roomId: body.roomId, slots };
  if ('target' in body && (body.type === 'notAvailable' || isCountType(body.type))) {
    const target = body.target;
    const base = { ...empty, type: body.type, kind: target.kind, who: target.kind === 'teacher' ? target.teacherId : target.studentSetId };
    if (body.type === 'notAvailable') return { ...base, slots };
    const values = body as unknown as Record<string, unknown>;
    const amount = values[COUNT_RULES[body.type].field];
    if (typeof amount === 'number')
      return { ...base, amount, allowEmptyDays: typeof values.allowEmptyDays === 'boolean' ? values.allowEmptyDays : true };
  }
  return { ...empty, type: 'json', json: JSON.stringify(body, null, 2) };
}

/** The plan's rules: list, remove, edit, add (availability by clicking a grid, daily limits, or any rule as JSON). */
export function ConstraintsPanel({ plan }: { plan: TimetablePlan }) {
  const t = useT();
  const can = usePermission();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const canEdit = can([Perm.timetablePlanEdit]);
  const [isOpen, setIsOpen] = useState(false);
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const { type, weight, kind, who, roomId, slots, amount, allowEmptyDays, json } = form;
  const change = (patch: Partial<FormState>) => setForm((prev) => ({ ...prev, ...patch }));
  const [isBusy, setIsBusy] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const teachers = useQuery({ queryKey: planKeys.options(camId, 'teachers'), queryFn: fetchTeacherOptions, enabled: isOpen });
  const whoOptions =
    kind === 'teacher' ? (teachers.data ?? []).map((o) => ({ value: String(o.value), label: o.label })) : gridTargets(plan, 'class');

  const roomOptions = gridTargets(plan, 'room');
  const toggle = (key: string) =>
    setForm((prev) => {
      const next = new Set(prev.slots);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return { ...prev, slots: next };
    });

  const submit = async () => {
    const built = buildConstraint(form, t);
    if (typeof built === 'string') {
      showMessageError(built);
      return;
    }
    setIsBusy(true);
    try {
      if (editingId === null) await addConstraint(plan.id, built);
      else await updateConstraint(plan.id, editingId, built);
      showSuccess(t(editingId === null ? 'tplan.constraint.added' : 'tplan.constraint.saved'));
      setIsOpen(false);
      setForm(EMPTY_FORM);
      await queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
    } catch (err) {
      showMessageError(message(err));
    } finally {
      setIsBusy(false);
    }
  };
  const openWith = (next: FormState, id: number | null) => {
    setForm(next);
    setEditingId(id);
    setIsOpen(true);
  };
  const openNew = () => openWith(EMPTY_FORM, null);
  const remove = async (c: TimetableConstraintRow) => {
    try {
      await deleteConstraint(plan.id, c.id);
      await queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
    } catch (err) {
      showMessageError(message(err));
    }
  };

  const columns = [
    {
      title: t('tplan.constraint.type'),
      dataIndex: 'type',
      width: 220,
      // The rule in words; its code (FET's element name without the prefix) for those who know it.
      render: (type: string) => <span title={type}>{ruleLabel(t, type)}</span>,
    },
    {
      title: t('tplan.constraint.weight'),
      dataIndex: 'weight',
      width: 120,
      render: (w: number) =>
        w >= 100 ? <Tag color="red">{t('tplan.constraint.hard')}</Tag> : <Tag>{t('tplan.constraint.soft', { weight: w })}</Tag>,
    },
    {
      title: t('tplan.constraint.detail'),
      dataIndex: 'id',
      render: (_: unknown, c: TimetableConstraintRow) => describeConstraint(t, c, plan),
    },
    ...deleteColumns(t, canEdit, remove, (c: TimetableConstraintRow) => openWith(formFromConstraint(c), c.id)),
  ];

  return (
    <div>
      {canEdit && (
        <Button type="primary" icon={<IconPlus />} onClick={openNew} className="tplan-toolbar">
          {t('tplan.constraint.add')}
        </Button>
      )}
      <Table rowKey="id" columns={columns} data={plan.constraints} pagination={{ pageSize: 50 }} size="small" />
      <Modal
        title={t(editingId === null ? 'tplan.constraint.add' : 'tplan.constraint.edit')}
        visible={isOpen}
        onCancel={() => setIsOpen(false)}
        onOk={() => void submit()}
        okButtonProps={{ loading: isBusy }}
        style={{ width: 720 }}
      >
        <div className="tplan-form">
          <div className="tplan-field">
            <span>{t('tplan.constraint.type')}</span>
            <Select
              aria-label={t('tplan.constraint.type')}
              style={{ width: 280 }}
              value={type}
              onChange={(v: FormType) => change({ type: v })}
              options={FORM_TYPES.map((ft) => ({ value: ft, label: ft === 'json' ? t('tplan.type.json') : ruleLabel(t, ft) }))}
            />
          </div>
          {type === 'json' ? (
            <div className="tplan-field">
              <span>{t('tplan.constraint.json')}</span>
              <Input.TextArea
                aria-label={t('tplan.constraint.json')}
                autoSize={{ minRows: 6 }}
                value={json}
                onChange={(v) => change({ json: v })}
              />
            </div>
          ) : (
            <>
              <div className="tplan-field">
                <span>{t('tplan.constraint.weight')}</span>
                <InputNumber
                  aria-label={t('tplan.constraint.weight')}
                  min={0}
                  max={100}
                  value={weight}
                  onChange={(v) => change({ weight: Number(v) })}
                />
              </div>
              {hasTarget(type) && (
                <div className="tplan-field">
                  <span>{t('tplan.constraint.target')}</span>
                  <Radio.Group value={kind} onChange={(v: 'teacher' | 'studentSet') => change({ kind: v, who: undefined })}>
                    <Radio value="teacher">{t('tplan.target.teacher')}</Radio>
                    <Radio value="studentSet">{t('tplan.target.studentSet')}</Radio>
                  </Radio.Group>
                  <Select
                    aria-label={t('tplan.constraint.target')}
                    showSearch
                    allowClear
                    placeholder={t(kind === 'teacher' ? 'tplan.constraint.allTeachers' : 'tplan.constraint.allSets')}
                    options={whoOptions}
                    value={who}
                    onChange={(v: string | undefined) => change({ who: v })}
                  />
                </div>
              )}
              {type === 'roomNotAvailable' && (
                <div className="tplan-field">
                  <span>{t('tplan.constraint.room')}</span>
                  <Select
                    aria-label={t('tplan.constraint.room')}
                    placeholder={t('tplan.constraint.room')}
                    showSearch
                    options={roomOptions}
                    value={roomId}
                    onChange={(v: string) => change({ roomId: v })}
                  />
                </div>
              )}
              {isCountType(type) ? (
                <>
                  <div className="tplan-field">
                    <span>{ruleLabel(t, type)}</span>
                    <InputNumber
                      aria-label={ruleLabel(t, type)}
                      min={0}
                      max={COUNT_RULES[type].max}
                      value={amount}
                      onChange={(v) => change({ amount: Number(v) })}
                    />
                  </div>
                  {type === 'minHoursDaily' && (
                    <Checkbox checked={allowEmptyDays} onChange={(v: boolean) => change({ allowEmptyDays: v })}>
                      {t('tplan.constraint.allowEmptyDays')}
                    </Checkbox>
                  )}
                </>
              ) : (
                <div>
                  <p>{t('tplan.constraint.slots')}</p>
                  <table className="tplan-grid">
                    <thead>
                      <tr>
                        <th />
                        {plan.days.map((d) => (
                          <th key={d.index}>{d.name}</th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {plan.periods.map((p) => (
                        <tr key={p.index}>
                          <th>{p.name}</th>
                          {plan.days.map((d) => {
                            const key = `${d.index}:${p.index}`;
                            return (
                              <td
                                key={key}
                                role="checkbox"
                                aria-checked={slots.has(key)}
                                aria-label={`${d.name} ${p.name}`}
                                tabIndex={0}
                                className={slots.has(key) ? 'tplan-slot-on' : undefined}
                                onClick={() => toggle(key)}
                                onKeyDown={(e) => (e.key === ' ' || e.key === 'Enter') && toggle(key)}
                              />
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )}
        </div>
      </Modal>
    </div>
  );
}
