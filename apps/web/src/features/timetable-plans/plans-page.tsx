import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Checkbox from '@arco-design/web-react/es/Checkbox';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Popconfirm from '@arco-design/web-react/es/Popconfirm';
import Select from '@arco-design/web-react/es/Select';
import Space from '@arco-design/web-react/es/Space';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { Perm, type TimetablePlanItem } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { createPlan, deletePlan, fetchPlans, fetchTermOptions, importFetFile, planKeys } from './plan-api';
import type { ImportedState } from './import-summary';
import { RunStatusTag } from './run-status-tag';
import './plan-messages';
import './timetable-plans.css';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The campus's timetable plans: create one from a term, import a FET file, open, delete. */
export function TimetablePlansPage() {
  const t = useT();
  const can = usePermission();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const plans = useQuery({ queryKey: planKeys.list(camId), queryFn: fetchPlans });
  const terms = useQuery({ queryKey: planKeys.options(camId, 'terms'), queryFn: fetchTermOptions });
  const [mode, setMode] = useState<'create' | 'import' | null>(null);
  const [name, setName] = useState('');
  const [termId, setTermId] = useState<number | undefined>(undefined);
  const [fromClasses, setFromClasses] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
  // The term most plans are for is chosen to start with (the box was empty, with no hint).
  const openDialog = (next: 'create' | 'import') => {
    setMode(next);
    if (termId === undefined) setTermId(terms.data?.find((o) => o.isCurrent)?.value);
  };
  const open = (id: number) => void navigate(`/educate/timetable-plan/${id}`);

  const submit = async () => {
    if (termId === undefined) return;
    setIsBusy(true);
    try {
      if (mode === 'create') {
        const plan = await createPlan({ name: name.trim(), termId, studentSetsFromClasses: fromClasses });
        showSuccess(t('tplan.created'));
        await refresh();
        open(plan.id);
      } else if (file) {
        const result = await importFetFile(file, termId);
        await refresh();
        // The plan's page says what the file brought, and stays until closed (ImportSummary).
        void navigate(`/educate/timetable-plan/${result.planId}`, { state: { imported: result } satisfies ImportedState });
      }
      setMode(null);
    } catch (err) {
      showMessageError(message(err));
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async (plan: TimetablePlanItem) => {
    try {
      await deletePlan(plan.id);
      showSuccess(t('tplan.deleted'));
      await refresh();
    } catch (err) {
      showMessageError(message(err));
    }
  };

  const columns = [
    {
      title: t('tplan.field.name'),
      dataIndex: 'name',
      render: (_: unknown, p: TimetablePlanItem) => (
        <Button type="text" size="small" onClick={() => open(p.id)}>
          {p.name}
        </Button>
      ),
    },
    { title: t('tplan.field.term'), dataIndex: 'termName' },
    { title: t('tplan.col.activities'), dataIndex: 'activityCount' },
    { title: t('tplan.col.constraints'), dataIndex: 'constraintCount' },
    {
      title: t('tplan.col.latestRun'),
      dataIndex: 'latestRun',
      render: (_: unknown, p: TimetablePlanItem) => (p.latestRun ? <RunStatusTag run={p.latestRun} /> : t('tplan.empty')),
    },
    {
      title: t('tplan.col.applied'),
      dataIndex: 'appliedAt',
      render: (v: string | null) => (v ? <Tag color="green">{formatDateTime(v)}</Tag> : t('tplan.empty')),
    },
    {
      title: t('tplan.col.actions'),
      dataIndex: 'id',
      render: (_: unknown, p: TimetablePlanItem) => (
        <Space>
          <Button size="small" type="text" onClick={() => open(p.id)}>
            {t('tplan.open')}
          </Button>
          {can([Perm.timetablePlanDelete]) && (
            <Popconfirm title={t('tplan.deleteConfirm', { name: p.name })} onOk={() => void remove(p)}>
              <Button size="small" type="text" status="danger">
                {t('tplan.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const canSubmit = termId !== undefined && (mode === 'create' ? name.trim() !== '' : file !== null);

  return (
    <PageFrame titleKey="menu.educate.timetablePlan">
      <Card bordered={false}>
        <Space className="tplan-toolbar">
          {can([Perm.timetablePlanAdd]) && (
            <Button type="primary" icon={<IconPlus />} onClick={() => openDialog('create')}>
              {t('tplan.new')}
            </Button>
          )}
          {can([Perm.timetablePlanImport]) && (
            <Button icon={<IconUpload />} onClick={() => openDialog('import')}>
              {t('tplan.import')}
            </Button>
          )}
        </Space>
        <Table rowKey="id" loading={plans.isLoading} columns={columns} data={plans.data ?? []} pagination={false} />
      </Card>
      <Modal
        title={mode === 'import' ? t('tplan.import') : t('tplan.new')}
        visible={mode !== null}
        onCancel={() => setMode(null)}
        onOk={() => void submit()}
        okButtonProps={{ disabled: !canSubmit, loading: isBusy }}
        unmountOnExit
      >
        <div className="tplan-form">
          {mode === 'import' && <p>{t('tplan.importHelp')}</p>}
          <div className="tplan-field">
            <span>{t('tplan.field.term')}</span>
            <Select aria-label={t('tplan.field.term')} options={terms.data ?? []} value={termId} onChange={(v: number) => setTermId(v)} />
          </div>
          {mode === 'create' ? (
            <>
              <div className="tplan-field">
                <span>{t('tplan.field.name')}</span>
                <Input aria-label={t('tplan.field.name')} value={name} maxLength={64} onChange={setName} />
              </div>
              <Checkbox checked={fromClasses} onChange={setFromClasses}>
                {t('tplan.field.fromClasses')}
              </Checkbox>
            </>
          ) : (
            <div className="tplan-field">
              <span>{t('tplan.field.file')}</span>
              <input aria-label={t('tplan.field.file')} type="file" accept=".fet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </div>
          )}
        </div>
      </Modal>
    </PageFrame>
  );
}
