import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Radio from '@arco-design/web-react/es/Radio';
import Space from '@arco-design/web-react/es/Space';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@campus/contract';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { resetUserPassword, type ResetResult } from './system-api';
import { OneTimePassword } from './one-time-password';

interface ResetPasswordFormProps {
  user: { id: number; username: string } | null;
  onDone?: (result: ResetResult) => void;
  onCancel?: () => void;
}

/**
 * Random or typed, then the result once: a generated password is shown here
 * and nowhere else; either way the user's sessions end and they must change it.
 */
export function ResetPasswordForm({ user, onDone, onCancel }: ResetPasswordFormProps) {
  const t = useT();
  const [mode, setMode] = useState<'random' | 'typed'>('random');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [result, setResult] = useState<ResetResult | null>(null);

  if (result && user)
    return (
      <div className="reset-result" aria-live="polite">
        <Alert type="success" content={t('sys.reset.done', { name: user.username, count: result.sessionsEnded })} />
        {result.password && <OneTimePassword username={user.username} password={result.password} />}
        {onCancel && (
          <Space className="reset-actions">
            <Button onClick={onCancel}>{t('sys.close')}</Button>
          </Space>
        )}
      </div>
    );

  const submit = async () => {
    if (!user) return setError(t('sys.reset.pickUser'));
    // Length only: ASVS 6.2 allows no composition rules; the server checks the common-password list.
    if (mode === 'typed' && (typed.length < PASSWORD_MIN_LENGTH || typed.length > PASSWORD_MAX_LENGTH))
      return setError(t('sys.password.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
    setError('');
    setIsBusy(true);
    try {
      const answer = await resetUserPassword(user.id, mode === 'typed' ? typed : null);
      setTyped('');
      setResult(answer);
      onDone?.(answer);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      className="reset-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Radio.Group type="button" value={mode} onChange={(value: 'random' | 'typed') => setMode(value)} aria-label={t('sys.reset.mode')}>
        <Radio value="random">{t('sys.reset.random')}</Radio>
        <Radio value="typed">{t('sys.reset.typed')}</Radio>
      </Radio.Group>
      {mode === 'typed' && (
        <Input.Password
          aria-label={t('sys.reset.newPassword')}
          placeholder={t('sys.reset.newPassword')}
          value={typed}
          onChange={setTyped}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      )}
      <p className="reset-hint">{t('sys.reset.hint')}</p>
      {error && <Alert type="error" content={error} />}
      <Space className="reset-actions">
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="primary" status="warning" htmlType="submit" loading={isBusy} disabled={!user}>
          {t('sys.reset.submit')}
        </Button>
      </Space>
    </form>
  );
}
