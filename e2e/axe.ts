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

/** The rules whose outcome depends on the colours alone: what a second theme over the same markup can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeScope {
  /** Parts of the page left out... */
  exclude?: string[];
  /** ... or the one part judged (what a change added to a page it shares). */
  include?: string;
  /** Only these rules. */
  rules?: string[];
}

/**
 * The serious and critical axe violations on the page as it stands: every axe rule (WCAG 2.x A/AA among them),
 * or only `rules` when given.
 */
export async function findSeriousViolations(page: Page, { exclude = [], include, rules }: AxeScope = {}): Promise<AxeFinding[]> {
  // Colours change through CSS transitions and animations (a theme switch, a toast fading in or out):
  // judge contrast once they have ended, not on a frame halfway (a menu item mid-fade, a toast at half
  // opacity were each caught once in CI). Endless animations (spinners) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Only violations come back: axe otherwise describes every passing and inapplicable node too, a third of
  // its time on a list page.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  for (const selector of exclude) builder.exclude(selector);
  if (rules) builder.withRules(rules);
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
