import Button from '@arco-design/web-react/es/Button';
import { useRouteError } from 'react-router';
import { useT } from '../lib/i18n';

/**
 * A failed page chunk (often a new deploy mid-session) or a render error: offer
 * a reload. Plain markup on purpose: this sits in the first chunk every visitor loads.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const t = useT();
  const detail = error instanceof Error ? error.message : '';
  return (
    <main className="route-error">
      <div className="route-error-box" role="alert">
        <h1 className="route-error-title">{t('request.http.default')}</h1>
        {detail && <p className="route-error-detail">{detail}</p>}
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      </div>
    </main>
  );
}
