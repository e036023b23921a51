import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconPause, IconPlayArrow, IconRefresh } from '@arco-design/web-react/icon';
import type { InstanceFigures, MonitorServer } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { EChart, type ChartPalette } from '../../lib/charts/echart';
import { formatClockTime } from '../../lib/format';
import { useT, type Translate } from '../../lib/i18n';
import '../../lib/ops-messages';
import { PageFrame } from '../../lib/page-frame';
import { fetchMonitor, monitorKeys } from './monitor-api';
import { buildLineOption } from './monitor-charts';
import './monitor.css';

const REFRESH_MS = 5_000;
const MIB = 1024 * 1024;

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const sizeOf = (bytes: number) => (bytes >= 1024 * MIB ? `${(bytes / 1024 / MIB).toFixed(2)} GiB` : mib(bytes));

export function formatUptime(t: Translate, seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return t('monitor.duration.d', { d, h });
  if (h) return t('monitor.duration.h', { h, m });
  return t('monitor.duration.m', { m, s: Math.floor(seconds % 60) });
}

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="monitor-stat">
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <small>{note}</small>}
      </dd>
    </div>
  );
}

/** Dashboard › Monitor: this instance, its database and requests, live charts, and every instance. */
export function MonitorPage() {
  const t = useT();
  const [isLive, setIsLive] = useState(true);
  const query = useQuery({
    queryKey: monitorKeys.server,
    queryFn: fetchMonitor,
    refetchInterval: isLive ? REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const data = query.data;

  return (
    <PageFrame
      titleKey="menu.dashboard.monitor"
      extra={
        <div className="monitor-toolbar">
          <span role="status" aria-live="off" data-testid="monitor-updated">
            {isLive ? t('monitor.live') : t('monitor.paused')}
            {query.dataUpdatedAt ? ` · ${t('monitor.updatedAt', { time: formatClockTime(query.dataUpdatedAt) })}` : ''}
          </span>
          <Button icon={isLive ? <IconPause /> : <IconPlayArrow />} onClick={() => setIsLive((v) => !v)}>
            {isLive ? t('monitor.pause') : t('monitor.resume')}
          </Button>
          <Button icon={<IconRefresh />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('monitor.refresh')}
          </Button>
        </div>
      }
    >
      {query.isError && !data ? (
        <Empty description={t('monitor.loadFailed')} />
      ) : !data ? (
        <Spin loading block style={{ width: '100%', minHeight: 320 }} />
      ) : (
        <MonitorBody data={data} />
      )}
    </PageFrame>
  );
}

function MonitorBody({ data }: { data: MonitorServer }) {
  const t = useT();
  const ms = (value: number) => t('monitor.ms', { value });
  const points = data.series;
  const requestsChart = useCallback(
    (palette: ChartPalette) =>
      buildLineOption(palette, points, [
        { name: t('monitor.series.requests'), values: points.map((p) => p.requests) },
        { name: t('monitor.series.errors'), values: points.map((p) => p.errors5xx) },
      ]),
    [points, t],
  );
  const latencyChart = useCallback(
    (palette: ChartPalette) => buildLineOption(palette, points, [{ name: t('monitor.series.p95'), values: points.map((p) => p.p95Ms) }]),
    [points, t],
  );
  const cpuChart = useCallback(
    (palette: ChartPalette) =>
      buildLineOption(palette, points, [
        { name: t('monitor.series.cpu'), values: points.map((p) => p.cpuPercent) },
        { name: t('monitor.series.lag'), values: points.map((p) => p.eventLoopLagMs), isRight: true },
      ]),
    [points, t],
  );
  const memoryChart = useCallback(
    (palette: ChartPalette) =>
      buildLineOption(palette, points, [
        { name: t('monitor.series.rss'), values: points.map((p) => Math.round(p.rssBytes / MIB)) },
        { name: t('monitor.series.heap'), values: points.map((p) => Math.round(p.heapUsedBytes / MIB)) },
      ]),
    [points, t],
  );
  const charts = [
    { key: 'requests', title: t('monitor.chart.requests'), build: requestsChart },
    { key: 'latency', title: t('monitor.chart.latency'), build: latencyChart },
    { key: 'cpu', title: t('monitor.chart.cpu'), build: cpuChart },
    { key: 'memory', title: t('monitor.chart.memory'), build: memoryChart },
  ];
  const r = data.requests;

  return (
    <div className="monitor-page">
      <Card bordered={false}>
        <h2 className="monitor-section-title">{t('monitor.section.server')}</h2>
        <dl className="monitor-grid">
          <Stat label={t('monitor.uptime')} value={formatUptime(t, data.uptimeS)} />
          <Stat label={t('monitor.version')} value={data.version} />
          <Stat label={t('monitor.node')} value={data.node} />
          <Stat label={t('monitor.host')} value={data.host} note={data.platform} />
          <Stat label={t('monitor.pid')} value={data.pid} />
          <Stat label={t('monitor.cpu')} value={`${data.cpuPercent}%`} note={t('monitor.cpuNote', { cpus: data.cpus })} />
          <Stat label={t('monitor.rss')} value={mib(data.rssBytes)} />
          <Stat label={t('monitor.heap')} value={t('monitor.heapOf', { used: mib(data.heapUsedBytes), total: mib(data.heapTotalBytes) })} />
          <Stat label={t('monitor.lag')} value={ms(data.eventLoopLagMs)} />
        </dl>
      </Card>

      <Card bordered={false}>
        <h2 className="monitor-section-title">{t('monitor.section.requests')}</h2>
        <dl className="monitor-grid" data-testid="monitor-requests">
          <Stat label={t('monitor.req.perMin')} value={r.perMin} />
          <Stat label={t('monitor.req.total')} value={r.total} />
          <Stat label={t('monitor.req.p50')} value={ms(r.p50Ms)} />
          <Stat label={t('monitor.req.p95')} value={ms(r.p95Ms)} />
          <Stat label={t('monitor.req.p99')} value={ms(r.p99Ms)} />
          <Stat label={t('monitor.req.errors')} value={r.errors5xx} />
        </dl>
      </Card>

      <div className="monitor-charts">
        {charts.map((c) => (
          <Card bordered={false} key={c.key}>
            <figure
              className="monitor-chart"
              data-chart={c.key}
              data-points={points.length}
              data-last={points.at(-1)?.t ?? ''}
              style={{ margin: 0 }}
            >
              <figcaption className="monitor-chart-title">{c.title}</figcaption>
              <EChart buildOption={c.build} height={220} label={c.title} />
            </figure>
          </Card>
        ))}
      </div>

      <Card bordered={false}>
        <h2 className="monitor-section-title">{t('monitor.section.database')}</h2>
        <dl className="monitor-grid">
          <Stat label={t('monitor.db.kind')} value={t(`monitor.db.kind.${data.db.kind}`)} />
          <Stat label={t('monitor.db.size')} value={sizeOf(data.db.sizeBytes)} />
          <Stat label={t('monitor.db.ping')} value={ms(data.db.pingMs)} />
          <Stat
            label={t('monitor.db.pool')}
            value={t('monitor.db.poolValue', { total: data.db.poolTotal, idle: data.db.poolIdle, waiting: data.db.poolWaiting })}
          />
          <Stat
            label={t('monitor.db.longest')}
            value={
              data.db.longestQuery
                ? t('monitor.db.longestValue', { ms: data.db.longestQuery.durationMs, state: data.db.longestQuery.state })
                : t('monitor.db.longestNone')
            }
          />
        </dl>
        {data.db.longestQuery && <pre className="monitor-query">{data.db.longestQuery.query}</pre>}
      </Card>

      <Card bordered={false}>
        <h2 className="monitor-section-title">{t('monitor.section.instances')}</h2>
        <InstanceTable instances={data.instances} />
      </Card>
    </div>
  );
}

function InstanceTable({ instances }: { instances: InstanceFigures[] }) {
  const t = useT();
  return (
    <Table<InstanceFigures>
      rowKey="id"
      data={instances}
      pagination={false}
      border={false}
      columns={[
        {
          title: t('monitor.col.instance'),
          dataIndex: 'id',
          render: (_: unknown, i) => (
            <span>
              {i.id} {i.isSelf && <Tag color="arcoblue">{t('monitor.self')}</Tag>}
            </span>
          ),
        },
        { title: t('monitor.col.uptime'), dataIndex: 'uptimeS', render: (_: unknown, i) => formatUptime(t, i.uptimeS) },
        { title: t('monitor.col.cpu'), dataIndex: 'cpuPercent', render: (_: unknown, i) => `${i.cpuPercent}%` },
        { title: t('monitor.col.rss'), dataIndex: 'rssBytes', render: (_: unknown, i) => mib(i.rssBytes) },
        { title: t('monitor.col.perMin'), dataIndex: 'perMin', render: (_: unknown, i) => i.requests.perMin },
        { title: t('monitor.col.p95'), dataIndex: 'p95', render: (_: unknown, i) => t('monitor.ms', { value: i.requests.p95Ms }) },
        { title: t('monitor.col.errors'), dataIndex: 'errors', render: (_: unknown, i) => i.requests.errors5xx },
        {
          title: t('monitor.col.updatedAt'),
          dataIndex: 'updatedAt',
          render: (_: unknown, i) => formatClockTime(i.updatedAt),
        },
      ]}
    />
  );
}
