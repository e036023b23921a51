import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EChart, type ChartPalette } from '../../lib/charts/echart';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { dashboardKeys, fetchContentData, type ContentPoint } from './dashboard-api';
import './dashboard-messages';

export function ContentChart() {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id);
  const points = useQuery({ queryKey: dashboardKeys.content(camId), queryFn: fetchContentData });
  const data: ContentPoint[] | undefined = points.data;
  const series = t('dashboard.content.series');
  const buildOption = useCallback(
    (palette: ChartPalette) => ({
      grid: { left: 40, right: 16, top: 24, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: (data ?? []).map((p) => p.x.slice(5)),
        axisLine: { lineStyle: { color: palette.axis } },
        axisLabel: { color: palette.subText },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitLine: { lineStyle: { color: palette.split, type: 'dashed' } },
        axisLabel: { color: palette.subText },
      },
      series: [
        {
          name: series,
          type: 'line',
          smooth: true,
          symbolSize: 8,
          data: (data ?? []).map((p) => p.y),
          label: { show: true, position: 'top', color: palette.text },
          lineStyle: { width: 3 },
          areaStyle: { opacity: 0.15 },
        },
      ],
    }),
    [data, series],
  );
  const total = (data ?? []).reduce((sum, p) => sum + p.y, 0);
  return (
    <Card
      bordered={false}
      className="workplace-card"
      title={t('dashboard.content.title')}
      extra={
        <span className="workplace-card-extra">
          {points.data ? t('dashboard.content.total', { count: total }) : t('dashboard.content.subtitle')}
        </span>
      }
    >
      {points.isPending ? (
        <Spin className="workplace-card-loading" />
      ) : points.isError ? (
        <Empty description={t('dashboard.loadFailed')} />
      ) : (
        <EChart
          buildOption={buildOption}
          height={260}
          label={`${t('dashboard.content.title')} · ${t('dashboard.content.subtitle')}`}
          className="content-chart"
        />
      )}
    </Card>
  );
}
