import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import { IconCopy } from '@arco-design/web-react/icon';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import './system.css';

/** A generated password: the server answers it once, so the admin copies it now or never. */
export function OneTimePassword({ username, password }: { username: string; password: string }) {
  const t = useT();
  const copy = () => {
    navigator.clipboard.writeText(password).then(
      () => showSuccess(t('sys.password.copied')),
      () => showMessageError(t('sys.password.copyFailed')),
    );
  };
  return (
    <div className="one-time-password">
      <Alert type="warning" content={t('sys.password.onceHint', { name: username })} />
      <div className="one-time-password-row">
        <code className="one-time-password-value" data-testid="one-time-password">
          {password}
        </code>
        <Button type="primary" icon={<IconCopy />} onClick={copy}>
          {t('sys.password.copy')}
        </Button>
      </div>
    </div>
  );
}
