import type { ReportSummary } from '@campus/contract';
import type { ChartPalette } from '../../lib/charts/echart';

// Option builders of the summary's charts: pure, so the page only picks data and labels.

const AXIS_LABEL_WIDTH = 96;

function axisStyle(palette: ChartPalette) {
  return {
    axisLine: { lineStyle: { color: palette.axis } },
    axisLabel: { color: palette.subText },
    splitLine: { lineStyle: { color: palette.split, type: 'dashed' } },
  };
}

/**
 * A ring with its numbers in the legend ("在读 229"), not on labels around it:
 * small slices' labels collide and long names are cut at the chart's edge.
 * The slice under the pointer names itself in the middle.
 */
export function buildPieOption(palette: ChartPalette, name: string, data: { name: string; value: number }[]) {
  const counts = new Map(data.map((d) => [d.name, d.value]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      right: 0,
      top: 'middle',
      textStyle: { color: palette.subText },
      formatter: (label: string) => `${label} ${counts.get(label) ?? ''}`.trim(),
    },
    series: [
      {
        name,
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['36%', '50%'],
        itemStyle: { borderColor: palette.tooltipBg, borderWidth: 2 },
        label: { show: false, position: 'center', color: palette.text, formatter: '{b}\n{c}', fontSize: 16, lineHeight: 22 },
        labelLine: { show: false },
        emphasis: { label: { show: true } },
        data,
      },
    ],
  };
}

export function buildColumnOption(palette: ChartPalette, name: string, labels: string[], values: number[]) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: labels, ...axisStyle(palette), splitLine: { show: false } },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(palette) },
    series: [{ name, type: 'bar', barMaxWidth: 36, data: values, label: { show: true, position: 'top', color: palette.text } }],
  };
}

/** Horizontal bars for long names (courses, teachers, rooms); `isPercent` shows 0..1 rates as %. */
export function buildBarOption(palette: ChartPalette, name: string, labels: string[], values: number[], isPercent: boolean) {
  const shown = isPercent ? values.map((v) => Math.round(v * 1000) / 10) : values;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: AXIS_LABEL_WIDTH + 8, right: 48, top: 8, bottom: 24 },
    xAxis: { type: 'value', ...axisStyle(palette), axisLabel: { color: palette.subText, formatter: isPercent ? '{value}%' : '{value}' } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: labels,
      ...axisStyle(palette),
      splitLine: { show: false },
      axisLabel: { color: palette.subText, width: AXIS_LABEL_WIDTH, overflow: 'truncate' },
    },
    series: [
      {
        name,
        type: 'bar',
        barMaxWidth: 18,
        data: shown,
        label: { show: true, position: 'right', color: palette.text, formatter: isPercent ? '{c}%' : '{c}' },
      },
    ],
  };
}

export function buildTrendOption(palette: ChartPalette, name: string, points: ReportSummary['newStudentsByMonth']) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => p.month), ...axisStyle(palette), splitLine: { show: false } },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(palette) },
    series: [
      {
        name,
        type: 'line',
        smooth: true,
        symbolSize: 7,
        areaStyle: { opacity: 0.15 },
        data: points.map((p) => p.count),
        label: { show: true, position: 'top', color: palette.text },
      },
    ],
  };
}

/** Chart height that gives each bar of a horizontal chart room for its label. */
export function barChartHeight(rows: number): number {
  return Math.max(160, Math.min(rows, 20) * 28 + 40);
}

export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
