import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Drawer from '@arco-design/web-react/es/Drawer';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Space from '@arco-design/web-react/es/Space';
import Switch from '@arco-design/web-react/es/Switch';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconHistory, IconPlayArrow, IconRefresh, IconSchedule } from '@arco-design/web-react/icon';
import { Perm, type JobItem, type JobRun } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { readServerMessages } from '../../lib/form/field-errors';
import { useT } from '../../lib/i18n';
import '../../lib/ops-messages';
import { PageFrame } from '../../lib/page-frame';
import { ApiError } from '../../lib/request';
import { Permission, usePermission } from '../../lib/permission';
import { fetchJobs, fetchRuns, jobKeys, previewCron, runJob, updateJob } from './job-api';
import './job.css';
import { formatDateTime } from '../../lib/format';

const BROWSER_TIME_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A time as the job's own clock reads it: the cron is read in that time zone. */
function formatInZone(value: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

function StatusTag({ status }: { status: 'ok' | 'failed' | 'running' | null }) {
  const t = useT();
  if (status === 'running')
    return (
      <Tag className="job-status" color="arcoblue">
        {t('job.status.running')}
      </Tag>
    );
  if (status === 'ok')
    return (
      <Tag className="job-status" color="green">
        {t('job.status.ok')}
      </Tag>
    );
  if (status === 'failed')
    return (
      <Tag className="job-status" color="red">
        {t('job.status.failed')}
      </Tag>
    );
  return <Tag className="job-status">{t('job.status.never')}</Tag>;
}

/** System › Scheduled tasks: every background job, its cron and last outcome; switch, edit, run now, history. */
export function JobPage() {
  const t = useT();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<JobItem | null>(null);
  const [historyOf, setHistoryOf] = useState<JobItem | null>(null);
  const jobs = useQuery({
    queryKey: jobKeys.all,
    queryFn: fetchJobs,
    // While one runs, its status and duration come in without a reload.
    refetchInterval: (q) => (q.state.data?.some((j) => j.running) ? 1_000 : 15_000),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.all });

  const toggle = async (job: JobItem, enabled: boolean) => {
    try {
      await updateJob(job.id, { enabled });
      showSuccess(t(enabled ? 'job.enabled.on' : 'job.enabled.off', { name: job.name }));
    } catch (err) {
      showMessageError(err instanceof Error ? err.message : String(err));
    }
    await refresh();
  };

  const run = async (job: JobItem) => {
    try {
      await runJob(job.id);
      showSuccess(t('job.run.started', { name: job.name }));
    } catch (err) {
      showMessageError(err instanceof Error ? err.message : String(err));
    }
    await refresh();
  };

  return (
    <PageFrame
      titleKey="menu.system.job"
      extra={
        <Button icon={<IconRefresh />} loading={jobs.isFetching} onClick={() => void refresh()}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Card bordered={false}>
        <Table<JobItem>
          rowKey="id"
          loading={jobs.isLoading}
          data={jobs.data ?? []}
          pagination={false}
          border={false}
          scroll={{ x: true }}
          columns={[
            {
              title: t('job.col.name'),
              dataIndex: 'name',
              width: 190,
              render: (_: unknown, j) => (
                <div>
                  <div className="job-name">{j.name}</div>
                  <div className="job-description">{j.description}</div>
                </div>
              ),
            },
            {
              title: t('job.col.cron'),
              dataIndex: 'cron',
              width: 150,
              render: (_: unknown, j) => (
                <div>
                  <code className="job-cron">{j.cron}</code>
                  <div className="job-description">
                    {j.cronText}
                    {/* The cron is read in the job's zone; the times beside it are the browser's. */}
                    {j.timezone !== BROWSER_TIME_ZONE && ` · ${j.timezone}`}
                  </div>
                </div>
              ),
            },
            {
              title: t('job.col.enabled'),
              dataIndex: 'enabled',
              width: 64,
              render: (_: unknown, j) => (
                <Switch
                  size="small"
                  checked={j.enabled}
                  disabled={!can([Perm.jobEdit])}
                  aria-label={`${t('job.col.enabled')} ${j.name}`}
                  onChange={(v: boolean) => void toggle(j, v)}
                />
              ),
            },
            {
              title: t('job.col.status'),
              dataIndex: 'lastStatus',
              width: 90,
              render: (_: unknown, j) => <StatusTag status={j.running ? 'running' : j.lastStatus} />,
            },
            {
              title: t('job.col.lastRun'),
              dataIndex: 'lastRunAt',
              width: 100,
              render: (_: unknown, j) => formatDateTime(j.lastRunAt, { hasSeconds: true }),
            },
            {
              title: t('job.col.duration'),
              dataIndex: 'lastDurationMs',
              width: 72,
              render: (_: unknown, j) => (j.lastDurationMs === null ? '—' : t('job.ms', { value: j.lastDurationMs })),
            },
            {
              title: t('job.col.nextRun'),
              dataIndex: 'nextRunAt',
              width: 100,
              render: (_: unknown, j) => (j.enabled ? formatDateTime(j.nextRunAt, { hasSeconds: true }) : t('job.disabled')),
            },
            {
              title: t('job.col.actions'),
              dataIndex: 'actions',
              width: 180,
              fixed: 'right',
              render: (_: unknown, j) => (
                <Space size={4} wrap>
                  <Permission perms={[Perm.jobRun]}>
                    <Button type="text" size="mini" icon={<IconPlayArrow />} disabled={j.running} onClick={() => void run(j)}>
                      {t('job.run')}
                    </Button>
                  </Permission>
                  <Permission perms={[Perm.jobEdit]}>
                    <Button type="text" size="mini" icon={<IconSchedule />} onClick={() => setEditing(j)}>
                      {t('job.editCron')}
                    </Button>
                  </Permission>
                  <Button type="text" size="mini" icon={<IconHistory />} onClick={() => setHistoryOf(j)}>
                    {t('job.history')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <CronDialog
          job={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <RunsDrawer key={historyOf?.id ?? 0} job={historyOf} onClose={() => setHistoryOf(null)} />
    </PageFrame>
  );
}

/** Under the labelled cron box, the message without the API's field name ("cron：…"). */
const describeError = (err: unknown) =>
  err instanceof ApiError ? readServerMessages(err) : err instanceof Error ? err.message : String(err);

function CronDialog({ job, onClose, onSaved }: { job: JobItem; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [cron, setCron] = useState(job.cron);
  const [debounced, setDebounced] = useState(job.cron);
  const [error, setError] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(cron.trim()), 300);
    return () => clearTimeout(timer);
  }, [cron]);
  const preview = useQuery({
    queryKey: jobKeys.cronPreview(debounced, job.timezone),
    queryFn: () => previewCron(debounced, job.timezone),
    enabled: debounced !== '',
    retry: false,
  });
  const shownError = error || (preview.isError ? describeError(preview.error) : '');

  const save = async () => {
    setError('');
    setIsSaving(true);
    try {
      await updateJob(job.id, { cron: cron.trim() });
      showSuccess(t('job.cron.saved'));
      onSaved();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      visible
      title={t('job.cron.title', { name: job.name })}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: !cron.trim() || preview.isError }}
    >
      <label className="job-cron-label" htmlFor="job-cron-input">
        {t('job.cron.label')}
      </label>
      <Input
        id="job-cron-input"
        value={cron}
        onChange={setCron}
        onPressEnter={() => void save()}
        status={shownError ? 'error' : undefined}
        aria-invalid={shownError ? true : undefined}
        aria-describedby="job-cron-help job-cron-preview"
      />
      <p id="job-cron-help" className="job-description">
        {t('job.cron.help', { tz: job.timezone })}
      </p>
      <div id="job-cron-preview" className="job-preview" aria-live="polite">
        {shownError ? (
          <p className="job-error" role="alert">
            {shownError}
          </p>
        ) : preview.data ? (
          <>
            <p className="job-preview-text">{preview.data.description}</p>
            <h3 className="job-preview-title">{t('job.cron.preview')}</h3>
            <ol className="job-preview-list">
              {preview.data.next.map((n) => (
                <li key={n}>
                  {formatInZone(n, preview.data.timezone)} ({preview.data.timezone})
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </Modal>
  );
}

function RunsDrawer({ job, onClose }: { job: JobItem | null; onClose: () => void }) {
  const t = useT();
  // Keyed by the job (below): another job's history starts on its first page.
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: jobKeys.runs(job?.id, page),
    queryFn: () => fetchRuns(job?.id ?? 0, page),
    enabled: job !== null,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'running') ? 1_000 : false),
  });
  return (
    <Drawer visible={job !== null} width={760} title={job ? t('job.runs.title', { name: job.name }) : ''} onCancel={onClose} footer={null}>
      <Table<JobRun>
        rowKey="id"
        loading={runs.isLoading}
        data={runs.data?.list ?? []}
        border={false}
        noDataElement={<span>{t('job.runs.empty')}</span>}
        pagination={{ current: page, pageSize: 10, total: runs.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          {
            title: t('job.runs.startedAt'),
            dataIndex: 'startedAt',
            width: 170,
            render: (_: unknown, r) => formatDateTime(r.startedAt, { hasSeconds: true }),
          },
          {
            title: t('job.runs.trigger'),
            dataIndex: 'trigger',
            width: 120,
            render: (_: unknown, r) =>
              r.trigger === 'manual' ? t('job.runs.trigger.manual', { user: r.username ?? '—' }) : t('job.runs.trigger.schedule'),
          },
          { title: t('job.col.status'), dataIndex: 'status', width: 90, render: (_: unknown, r) => <StatusTag status={r.status} /> },
          {
            title: t('job.col.duration'),
            dataIndex: 'durationMs',
            width: 90,
            render: (_: unknown, r) => (r.durationMs === null ? '—' : t('job.ms', { value: r.durationMs })),
          },
          { title: t('job.runs.message'), dataIndex: 'message' },
          {
            title: t('job.runs.instance'),
            dataIndex: 'instance',
            width: 150,
            render: (_: unknown, r) => <code className="job-instance">{r.instance}</code>,
          },
        ]}
      />
    </Drawer>
  );
}
