import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Select from '@arco-design/web-react/es/Select';
import Table from '@arco-design/web-react/es/Table';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { formatIssues, STUDENT_SET_KINDS, studentSetsBodySchema, type StudentSetInput, type TimetablePlan } from '@campus/contract';
import { useState } from 'react';
import { getLocale, useT } from '../../lib/i18n';
import { saveStudentSets } from './plan-api';
import { usePlanPanelSave } from './use-plan-save';

/** Rows as edited: a stable key of their own, since the id itself is editable. */
interface Row extends StudentSetInput {
  key: number;
}

/** The contract's verdict on the edited sets (and distinct ids, which the server checks too). */
export function checkStudentSets(sets: StudentSetInput[], locale: ReturnType<typeof getLocale>, duplicate: string): string[] {
  const body = { studentSets: sets };
  const parsed = studentSetsBodySchema.safeParse(body);
  const problems = parsed.success ? [] : formatIssues(parsed.error.issues, body, locale).map((e) => e.msg);
  const ids = sets.map((s) => s.id.trim());
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) problems.push(`${duplicate}: ${[...new Set(twice)].join(', ')}`);
  return problems;
}

/** Years, groups and subgroups (grades, classes, teaching groups): names, kinds, what they belong to, sizes. */
export function StudentSetsPanel({ plan }: { plan: TimetablePlan }) {
  const t = useT();
  const locale = getLocale();
  const { canEdit, errors, isBusy, save: savePanel } = usePlanPanelSave(t('tplan.set.saved'));
  const [rows, setRows] = useState<Row[]>(() => plan.studentSets.map((s, key) => ({ ...s, key })));

  const patch = (key: number, change: Partial<StudentSetInput>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const save = async () => {
    const sets = rows.map(({ key, ...set }) => {
      void key;
      return set;
    });
    await savePanel(checkStudentSets(sets, locale, t('tplan.set.duplicate')), () => saveStudentSets(plan.id, sets));
  };
  const add = () => {
    const key = Math.max(-1, ...rows.map((r) => r.key)) + 1;
    let n = rows.length + 1;
    while (rows.some((r) => r.id === `s${n}`)) n++;
    setRows([...rows, { key, id: `s${n}`, name: '', kind: 'group', parentIds: [] }]);
  };
  const label = (r: Row, field: string) => `${r.name || r.id} ${field}`;

  const columns = [
    {
      title: t('tplan.set.id'),
      dataIndex: 'id',
      width: 150,
      render: (_: unknown, r: Row) => (
        <Input
          size="small"
          aria-label={label(r, t('tplan.set.id'))}
          value={r.id}
          maxLength={40}
          disabled={!canEdit}
          onChange={(v) => patch(r.key, { id: v })}
        />
      ),
    },
    {
      title: t('tplan.set.name'),
      dataIndex: 'name',
      render: (_: unknown, r: Row) => (
        <Input
          size="small"
          aria-label={label(r, t('tplan.set.name'))}
          value={r.name}
          maxLength={64}
          disabled={!canEdit}
          onChange={(v) => patch(r.key, { name: v })}
        />
      ),
    },
    {
      title: t('tplan.set.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (_: unknown, r: Row) => (
        <Select
          size="small"
          aria-label={label(r, t('tplan.set.kind'))}
          value={r.kind}
          disabled={!canEdit}
          options={STUDENT_SET_KINDS.map((k) => ({ value: k, label: t(`tplan.kind.${k}`) }))}
          onChange={(v: StudentSetInput['kind']) => patch(r.key, { kind: v })}
        />
      ),
    },
    {
      title: t('tplan.set.parents'),
      dataIndex: 'parentIds',
      render: (_: unknown, r: Row) => (
        <Select
          size="small"
          mode="multiple"
          aria-label={label(r, t('tplan.set.parents'))}
          value={r.parentIds}
          disabled={!canEdit}
          options={rows.filter((o) => o.key !== r.key).map((o) => ({ value: o.id, label: o.name || o.id }))}
          onChange={(v: string[]) => patch(r.key, { parentIds: v })}
        />
      ),
    },
    {
      title: t('tplan.set.size'),
      dataIndex: 'size',
      width: 110,
      render: (_: unknown, r: Row) => (
        <InputNumber
          size="small"
          aria-label={label(r, t('tplan.set.size'))}
          min={0}
          precision={0}
          value={r.size}
          disabled={!canEdit}
          onChange={(v) => patch(r.key, { size: typeof v === 'number' ? v : undefined })}
        />
      ),
    },
    ...(canEdit
      ? [
          {
            title: '',
            dataIndex: 'remove',
            width: 56,
            render: (_: unknown, r: Row) => (
              <Button
                size="mini"
                type="text"
                status="danger"
                icon={<IconDelete />}
                aria-label={`${t('tplan.remove')} ${r.name || r.id}`}
                onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      {errors.length > 0 && <Alert type="error" content={errors.join('; ')} className="tplan-toolbar" />}
      <Table rowKey="key" size="small" columns={columns} data={rows} pagination={{ pageSize: 50 }} />
      {canEdit && (
        <div className="tplan-actions">
          <Button size="small" type="dashed" icon={<IconPlus />} onClick={add}>
            {t('tplan.set.add')}
          </Button>
          <Button type="primary" loading={isBusy} onClick={() => void save()}>
            {t('tplan.set.save')}
          </Button>
        </div>
      )}
    </div>
  );
}
