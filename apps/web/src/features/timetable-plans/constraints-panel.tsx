import Button from '@arco-design/web-react/es/Button';
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
import { describeConstraint, ruleLabel } from './rule-words';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
type FormType = 'notAvailable' | 'maxHoursDaily' | 'maxGapsPerDay' | 'json';
const FORM_TYPES: readonly FormType[] = ['notAvailable', 'maxHoursDaily', 'maxGapsPerDay', 'json'];

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
  } else {
    const target = form.kind === 'teacher' ? { kind: 'teacher', teacherId: form.who } : { kind: 'studentSet', studentSetId: form.who };
    const base = { weight: form.weight, target };
    candidate =
      form.type === 'notAvailable'
        ? {
            ...base,
            type: 'notAvailable',
            slots: [...form.slots].map((k) => ({ day: Number(k.split(':')[0]), period: Number(k.split(':')[1]) })),
          }
        : form.type === 'maxHoursDaily'
          ? { ...base, type: 'maxHoursDaily', maxHours: form.amount }
          : { ...base, type: 'maxGapsPerDay', maxGaps: form.amount };
  }
  const parsed = timetableConstraintSchema.safeParse(candidate);
  if (!parsed.success)
    return t('tplan.constraint.jsonInvalid', { detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  return parsed.data;
}

interface FormState {
  type: FormType;
  weight: number;
  kind: 'teacher' | 'studentSet';
  who: string | undefined;
  slots: Set<string>;
  amount: number;
  json: string;
}

/** The form showing a stored constraint: its own form when it has one, else its JSON. */
export function formFromConstraint(row: TimetableConstraintRow): FormState {
  const { id, ...body } = row;
  void id;
  const empty: FormState = { type: 'json', weight: body.weight, kind: 'teacher', who: undefined, slots: new Set(), amount: 6, json: '' };
  if ('target' in body && (body.type === 'notAvailable' || body.type === 'maxHoursDaily' || body.type === 'maxGapsPerDay')) {
    const target = body.target;
    const who = target.kind === 'teacher' ? target.teacherId : target.kind === 'studentSet' ? target.studentSetId : undefined;
    if ((target.kind === 'teacher' || target.kind === 'studentSet') && who !== undefined) {
      const base = { ...empty, type: body.type, kind: target.kind, who };
      if (body.type === 'notAvailable') return { ...base, slots: new Set(body.slots.map((x) => `${x.day}:${x.period}`)) };
      if (body.type === 'maxHoursDaily') return { ...base, amount: body.maxHours };
      return { ...base, amount: body.maxGaps };
    }
  }
  return { ...empty, json: JSON.stringify(body, null, 2) };
}

/** The plan's rules: list, remove, edit, add (availability by clicking a grid, daily limits, or any rule as JSON). */
export function ConstraintsPanel({ plan }: { plan: TimetablePlan }) {
  const t = useT();
  const can = usePermission();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const canEdit = can([Perm.timetablePlanEdit]);
  const [isOpen, setIsOpen] = useState(false);
  const [type, setType] = useState<FormType>('notAvailable');
  const [weight, setWeight] = useState(100);
  const [kind, setKind] = useState<'teacher' | 'studentSet'>('teacher');
  const [who, setWho] = useState<string | undefined>(undefined);
  const [slots, setSlots] = useState<Set<string>>(new Set());
  const [amount, setAmount] = useState(6);
  const [json, setJson] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const teachers = useQuery({ queryKey: planKeys.options(camId, 'teachers'), queryFn: fetchTeacherOptions, enabled: isOpen });
  const whoOptions =
    kind === 'teacher'
      ? (teachers.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))
      : plan.studentSets.map((s) => ({ value: s.id, label: s.name }));

  const toggle = (key: string) =>
    setSlots((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const submit = async () => {
    const built = buildConstraint({ type, weight, kind, who, slots, amount, json }, t);
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
      setSlots(new Set());
      await queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
    } catch (err) {
      showMessageError(message(err));
    } finally {
      setIsBusy(false);
    }
  };
  const openWith = (form: FormState, id: number | null) => {
    setType(form.type);
    setWeight(form.weight);
    setKind(form.kind);
    setWho(form.who);
    setSlots(form.slots);
    setAmount(form.amount);
    setJson(form.json);
    setEditingId(id);
    setIsOpen(true);
  };
  const openNew = () =>
    openWith({ type: 'notAvailable', weight: 100, kind: 'teacher', who: undefined, slots: new Set(), amount: 6, json: '' }, null);
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
          <Radio.Group type="button" value={type} onChange={(v: FormType) => setType(v)}>
            {FORM_TYPES.map((ft) => (
              <Radio key={ft} value={ft}>
                {t(`tplan.type.${ft}`)}
              </Radio>
            ))}
          </Radio.Group>
          {type === 'json' ? (
            <div className="tplan-field">
              <span>{t('tplan.constraint.json')}</span>
              <Input.TextArea aria-label={t('tplan.constraint.json')} autoSize={{ minRows: 6 }} value={json} onChange={setJson} />
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
                  onChange={(v) => setWeight(Number(v))}
                />
              </div>
              <div className="tplan-field">
                <span>{t('tplan.constraint.target')}</span>
                <Radio.Group
                  value={kind}
                  onChange={(v: 'teacher' | 'studentSet') => {
                    setKind(v);
                    setWho(undefined);
                  }}
                >
                  <Radio value="teacher">{t('tplan.target.teacher')}</Radio>
                  <Radio value="studentSet">{t('tplan.target.studentSet')}</Radio>
                </Radio.Group>
                <Select
                  aria-label={t('tplan.constraint.target')}
                  showSearch
                  options={whoOptions}
                  value={who}
                  onChange={(v: string) => setWho(v)}
                />
              </div>
              {type === 'notAvailable' ? (
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
              ) : (
                <div className="tplan-field">
                  <span>{type === 'maxHoursDaily' ? t('tplan.constraint.maxHours') : t('tplan.constraint.maxGaps')}</span>
                  <InputNumber
                    aria-label={type === 'maxHoursDaily' ? t('tplan.constraint.maxHours') : t('tplan.constraint.maxGaps')}
                    min={0}
                    max={24}
                    value={amount}
                    onChange={(v) => setAmount(Number(v))}
                  />
                </div>
              )}
            </>
          )}
        </div>
      </Modal>
    </div>
  );
}
