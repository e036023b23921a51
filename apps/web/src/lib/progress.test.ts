import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishProgress, startProgress } from './progress';

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

const bar = () => document.getElementById('nprogress');

describe('navigation progress bar', () => {
  afterEach(async () => {
    finishProgress();
    finishProgress();
    await vi.waitFor(() => expect(bar()).toBeNull(), { timeout: 2000 });
  });

  it('shows the bar while a navigation outlasts a frame and takes it away when it ends', async () => {
    startProgress();
    await nextFrame();
    await nextFrame();
    expect(bar()).not.toBeNull();
    finishProgress();
    // NProgress fades the bar out before removing it.
    await vi.waitFor(() => expect(bar()).toBeNull(), { timeout: 2000 });
  });

  it('draws nothing for a navigation that settles within the frame', async () => {
    startProgress();
    finishProgress();
    await nextFrame();
    await nextFrame();
    expect(bar()).toBeNull();
  });

  it('keeps the bar until the last of overlapping navigations ends', async () => {
    startProgress();
    startProgress();
    await nextFrame();
    await nextFrame();
    finishProgress();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bar()).not.toBeNull();
    finishProgress();
    await vi.waitFor(() => expect(bar()).toBeNull(), { timeout: 2000 });
  });
});
