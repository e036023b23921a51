import { useId, type ReactNode } from 'react';
import { useT } from './i18n';
import './page-frame.css';

interface PageFrameProps {
  titleKey: string;
  extra?: ReactNode;
  children: ReactNode;
}

/** The card every page sits in, titled with its menu label. */
export function PageFrame({ titleKey, extra, children }: PageFrameProps) {
  const t = useT();
  // Cached tabs keep hidden pages in the DOM, so the id must be unique per page.
  const titleId = useId();
  return (
    <section className="page-frame" aria-labelledby={titleId}>
      <header className="page-frame-header">
        <h1 id={titleId} className="page-frame-title">
          {t(titleKey)}
        </h1>
        {extra && <div className="page-frame-extra">{extra}</div>}
      </header>
      {children}
    </section>
  );
}
