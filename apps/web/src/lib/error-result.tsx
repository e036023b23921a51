import type { ResultProps } from '@arco-design/web-react/es/Result/interface';
import { lazy, Suspense } from 'react';

// Arco's Result carries its 403/404/500 illustrations (28 KiB gzip): fetched when an error is
// shown, not parsed by every list page on its first paint (issue 22, total blocking time).
const ResultView = lazy(() => import('./error-result-view').then((m) => ({ default: m.ResultView })));

/** Arco's Result, loaded on first use. */
export function ErrorResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <ResultView {...props} />
    </Suspense>
  );
}
