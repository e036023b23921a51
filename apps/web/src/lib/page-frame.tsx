import Card from '@arco-design/web-react/es/Card';
import Skeleton from '@arco-design/web-react/es/Skeleton';
import Tag from '@arco-design/web-react/es/Tag';
import { useId, type ReactNode } from 'react';
import { useT, type MessageParams } from './i18n';
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

interface PlannedPageProps {
  titleKey: string;
  descKey: string;
  params?: MessageParams;
}

/** A page whose content ships in a later issue: it says what will be here. */
export function PlannedPage({ titleKey, descKey, params }: PlannedPageProps) {
  const t = useT();
  return (
    <PageFrame titleKey={titleKey} extra={<Tag color="arcoblue">{t('page.placeholder.tag')}</Tag>}>
      <Card bordered={false} className="planned-card">
        <h2 className="planned-heading">{t('page.placeholder.plan')}</h2>
        <p className="planned-text">{t(descKey, params)}</p>
        <div className="planned-preview" aria-hidden="true">
          <Skeleton animation={false} text={{ rows: 4, width: ['100%', '92%', '96%', '60%'] }} />
        </div>
      </Card>
    </PageFrame>
  );
}
