import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  nodes: string[];
  /** Colour contrast: the first node's colours and ratio, to fix it without a rerun. */
  detail?: string;
}

function describeContrast(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { fgColor, bgColor, contrastRatio } = data as { fgColor?: string; bgColor?: string; contrastRatio?: number };
  return fgColor ? `${fgColor} on ${bgColor ?? '?'} = ${contrastRatio ?? '?'}:1` : undefined;
}

/** The serious and critical axe violations on the page as it stands (every axe rule, WCAG 2.x A/AA among them). */
export async function findSeriousViolations(page: Page, exclude: string[] = []): Promise<AxeFinding[]> {
  // Colours change through CSS transitions and animations (a theme switch, a toast fading in or out):
  // judge contrast once they have ended, not on a frame halfway (a menu item mid-fade, a toast at half
  // opacity were each caught once in CI). Endless animations (spinners) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
      ...(v.id === 'color-contrast' ? { detail: describeContrast(v.nodes[0]?.any[0]?.data) } : {}),
    }));
}
