import Button from '@arco-design/web-react/es/Button';
import Checkbox from '@arco-design/web-react/es/Checkbox';
import { IconCopy, IconDownload } from '@arco-design/web-react/icon';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';

interface RecoveryCodesProps {
  codes: string[];
  username: string;
  isSaved: boolean;
  onSavedChange: (isSaved: boolean) => void;
}

/** Recovery codes, shown this once: copy, download, and a tick before the dialog may close. */
export function RecoveryCodes({ codes, username, isSaved, onSavedChange }: RecoveryCodesProps) {
  const t = useT();
  const text = [t('uc.recovery.fileHeader', { username }), '', ...codes].join('\n');

  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `campus-console-recovery-codes-${username}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="uc-recovery">
      <h3 className="uc-subtitle">{t('uc.recovery.title')}</h3>
      <p className="uc-hint">{t('uc.recovery.desc')}</p>
      <ol className="uc-recovery-codes" aria-label={t('uc.recovery.title')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="uc-actions">
        <Button
          icon={<IconCopy />}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => showSuccess(t('uc.recovery.copy')))
              .catch(() => undefined)
          }
        >
          {t('uc.recovery.copy')}
        </Button>
        <Button icon={<IconDownload />} onClick={download}>
          {t('uc.recovery.download')}
        </Button>
      </div>
      <Checkbox checked={isSaved} onChange={onSavedChange}>
        {t('uc.recovery.saved')}
      </Checkbox>
    </div>
  );
}
