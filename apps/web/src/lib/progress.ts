import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The spec asks for a bar and no spinner.
NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

let pending = 0;
let frame: number | null = null;

/**
 * Starts the bar in the next frame: no bar can be seen before then, and a
 * navigation that settles first (the login page's guards) never pays for
 * NProgress's forced reflows (issue 9's load budget).
 */
export function startProgress(): void {
  pending += 1;
  if (pending !== 1 || frame !== null || NProgress.isStarted()) return;
  frame = requestAnimationFrame(() => {
    frame = null;
    if (pending > 0) NProgress.start();
  });
}

export function finishProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  if (frame !== null) {
    cancelAnimationFrame(frame);
    frame = null;
  }
  if (NProgress.isStarted()) NProgress.done();
}
