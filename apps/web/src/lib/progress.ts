import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The spec asks for a bar and no spinner.
NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

let pending = 0;

export function startProgress(): void {
  pending += 1;
  if (pending === 1) NProgress.start();
}

export function finishProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
