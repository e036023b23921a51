import type { MonitorPoint } from '@campus/contract';
import type { ChartPalette } from '../../lib/charts/echart';

// Option builders of the monitor's live charts: pure, so the page only picks data and labels.

export interface LineSeries {
  name: string;
  values: number[];
  /** Drawn against the right-hand axis. */
  isRight?: boolean;
}

const clock = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;
};

export function buildLineOption(palette: ChartPalette, points: readonly MonitorPoint[], series: LineSeries[]) {
  const axis = {
    axisLine: { lineStyle: { color: palette.axis } },
    axisLabel: { color: palette.subText },
    splitLine: { lineStyle: { color: palette.split, type: 'dashed' } },
  };
  const hasRight = series.some((s) => s.isRight);
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: palette.subText } },
    grid: { left: 48, right: hasRight ? 48 : 16, top: 32, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => clock(p.t)), ...axis, splitLine: { show: false } },
    yAxis: hasRight
      ? [
          { type: 'value', ...axis },
          { type: 'value', ...axis, splitLine: { show: false } },
        ]
      : { type: 'value', ...axis },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      smooth: true,
      yAxisIndex: s.isRight ? 1 : 0,
      areaStyle: s.isRight ? undefined : { opacity: 0.08 },
      data: s.values,
    })),
  };
}
