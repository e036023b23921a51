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
  // Colours change through CSS transitions (a theme switch): judge contrast once they have ended,
  // not on a frame halfway between the themes (a menu item was caught mid-fade once in CI).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
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
