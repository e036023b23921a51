import Button from '@arco-design/web-react/es/Button';
import Result from '@arco-design/web-react/es/Result';
import { DEFAULT_ROUTE_PATH } from '@campus/contract';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { isLoggedIn } from '../../lib/session';
import './not-found-page.css';

export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  const isSignedIn = isLoggedIn();
  return (
    <main className="not-found">
      <Result
        status="404"
        title={<h1 className="not-found-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.desc')}
        extra={
          <Button type="primary" onClick={() => void navigate(isSignedIn ? DEFAULT_ROUTE_PATH : '/login')}>
            {isSignedIn ? t('notFound.back') : t('notFound.login')}
          </Button>
        }
      />
    </main>
  );
}
