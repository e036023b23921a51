import { describe, expect, it } from 'vitest';
import type { ChartPalette } from '../../lib/charts/echart';
import { buildPieOption } from './report-charts';

const palette: ChartPalette = { text: '#000', subText: '#333', axis: '#999', split: '#eee', tooltipBg: '#fff', colors: ['#165dff'] };

describe('the status ring', () => {
  const option = buildPieOption(palette, '学生', [
    { name: '在读', value: 229 },
    { name: '休学', value: 2 },
    { name: '退学', value: 3 },
  ]);
  const [series] = option.series;

  it('draws no labels around the ring, where small slices collide and long names are cut', () => {
    expect(series?.label.show).toBe(false);
    expect(series?.labelLine.show).toBe(false);
  });

  it('puts each slice\u2019s count in the legend, which scrolls rather than overflows', () => {
    expect(option.legend.type).toBe('scroll');
    expect(['在读', '休学', '退学'].map(option.legend.formatter)).toEqual(['在读 229', '休学 2', '退学 3']);
  });
});
