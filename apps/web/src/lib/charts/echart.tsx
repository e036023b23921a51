import { useEffect, useRef } from 'react';
import { useBodyTheme, type BodyTheme } from '../theme';
import type { EChartsCoreOption, EChartsType } from './echarts-core';

export interface ChartPalette {
  text: string;
  subText: string;
  axis: string;
  split: string;
  tooltipBg: string;
  colors: string[];
}

const PALETTES: Record<BodyTheme, ChartPalette> = {
  light: {
    text: '#1d2129',
    subText: '#4e5969',
    axis: '#c9cdd4',
    split: '#e5e6eb',
    tooltipBg: '#ffffff',
    colors: ['#165dff', '#14c9c9', '#f7ba1e', '#722ed1', '#f53f3f', '#00b42a', '#ff7d00', '#3491fa'],
  },
  dark: {
    text: 'rgba(255,255,255,0.9)',
    subText: 'rgba(255,255,255,0.7)',
    axis: '#484849',
    split: '#333335',
    tooltipBg: '#2a2a2b',
    colors: ['#3c7eff', '#30c9c9', '#fac747', '#8e51da', '#f76965', '#27c346', '#ff9626', '#5aaafb'],
  },
};

export function getChartPalette(theme: BodyTheme): ChartPalette {
  return PALETTES[theme];
}

/** A system set to reduce motion: charts appear drawn, without growing in. */
function isMotionReduced(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Shared look of every chart (fonts, axes, tooltip) in the given palette. */
export function buildBaseOption(palette: ChartPalette): EChartsCoreOption {
  return {
    animation: !isMotionReduced(),
    color: palette.colors,
    backgroundColor: 'transparent',
    textStyle: { color: palette.subText, fontFamily: 'inherit' },
    tooltip: { backgroundColor: palette.tooltipBg, borderColor: palette.split, textStyle: { color: palette.text } },
  };
}

interface EChartProps {
  /** Builds the option for the theme on screen, so a theme switch redraws with the right colours. */
  buildOption: (palette: ChartPalette) => EChartsCoreOption;
  height: number;
  label: string;
  className?: string;
}

/**
 * Draws chart after chart, each in a task of its own: a page of six charts makes six short tasks
 * rather than one long one that blocks input (issue 22, total blocking time).
 */
let turn: Promise<void> = Promise.resolve();
function drawInTurn(draw: () => void): void {
  turn = turn.then(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          try {
            draw();
          } finally {
            resolve();
          }
        }, 0);
      }),
  );
}

/**
 * One ECharts canvas, resized with its box and redrawn on theme or data changes. ECharts itself
 * (~180 KiB gzip) is fetched once a chart mounts: the page around it paints without waiting for it.
 */
export function EChart({ buildOption, height, label, className }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const theme = useBodyTheme();
  const drawRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    let isMounted = true;
    let observer: ResizeObserver | null = null;
    const onPrint = () => chartRef.current?.resize();
    void import('./echarts-core').then(({ echarts }) =>
      drawInTurn(() => {
        if (!isMounted) return;
        const chart = echarts.init(box, undefined, { renderer: 'canvas' });
        chartRef.current = chart;
        // Tabs keep pages mounted while hidden; a box that was 0 wide must be measured again when shown.
        observer = new ResizeObserver(() => chart.resize());
        observer.observe(box);
        window.addEventListener('beforeprint', onPrint);
        window.addEventListener('afterprint', onPrint);
        drawRef.current();
      }),
    );
    return () => {
      isMounted = false;
      observer?.disconnect();
      window.removeEventListener('beforeprint', onPrint);
      window.removeEventListener('afterprint', onPrint);
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const draw = () => {
      const palette = getChartPalette(theme);
      chartRef.current?.setOption({ ...buildBaseOption(palette), ...buildOption(palette) }, { notMerge: true });
    };
    drawRef.current = draw;
    draw();
  }, [buildOption, theme]);

  return <div ref={boxRef} className={className} style={{ height }} role="img" aria-label={label} />;
}
