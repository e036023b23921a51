import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBaseOption, getChartPalette } from './echart';

function setReducedMotion(isReduced: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: isReduced && query === '(prefers-reduced-motion: reduce)', media: query })),
  );
}

describe('buildBaseOption', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('animates charts unless the system asks for reduced motion', () => {
    setReducedMotion(false);
    expect(buildBaseOption(getChartPalette('light')).animation).toBe(true);
    setReducedMotion(true);
    expect(buildBaseOption(getChartPalette('dark')).animation).toBe(false);
  });
});
