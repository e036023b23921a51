import { expect, type Locator, type Page } from '@playwright/test';

/** How many pixels of the canvas are painted (not fully transparent). */
export async function countPaintedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((node) => {
    const el = node as HTMLCanvasElement;
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0 || el.height === 0) return 0;
    const pixels = ctx.getImageData(0, 0, el.width, el.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted += 1;
    return painted;
  });
}

/** Every chart inside `scope` has a canvas with something drawn on it. */
export async function expectChartsDrawn(scope: Locator | Page, count: number): Promise<void> {
  const canvases = scope.locator('canvas');
  await expect(canvases).toHaveCount(count);
  for (let i = 0; i < count; i += 1) {
    // ECharts animates its first frame in: poll until a good share of pixels is painted.
    await expect.poll(() => countPaintedPixels(canvases.nth(i)), { timeout: 10_000 }).toBeGreaterThan(500);
  }
}

/** The canvas's pixels as a data URL, to tell one rendering from another (theme switch). */
export async function readCanvas(canvas: Locator): Promise<string> {
  return canvas.evaluate((node) => (node as HTMLCanvasElement).toDataURL());
}
