import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Drawer from '@arco-design/web-react/es/Drawer';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Switch from '@arco-design/web-react/es/Switch';
import { IconSettings } from '@arco-design/web-react/icon';
import { useId } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { pickAppSettings, useSettingsStore } from '../settings-store';

type SwitchKey = 'navbar' | 'menu' | 'topMenu' | 'footer' | 'tabBar' | 'menuFromServer' | 'colorWeak';

const CONTENT_SWITCHES: readonly SwitchKey[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer'];

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http deployments have no async clipboard; the old path still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const isCopied = document.execCommand('copy');
  area.remove();
  if (!isCopied) throw new Error('copy refused');
}

function SettingRow({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="settings-row">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function SettingsDrawer() {
  const t = useT();
  const baseId = useId();
  const settings = useSettingsStore();
  const update = settings.updateSettings;
  const close = () => update({ globalSettings: false });

  const renderSwitch = (key: SwitchKey) => {
    const id = `${baseId}-${key}`;
    return (
      <SettingRow key={key} id={id} label={t(`settings.${key}`)}>
        <Switch id={id} size="small" checked={settings[key]} onChange={(checked: boolean) => update({ [key]: checked })} />
      </SettingRow>
    );
  };

  async function copySettings() {
    try {
      await copyText(JSON.stringify(pickAppSettings(useSettingsStore.getState()), null, 2));
      showSuccess(t('settings.copySettings.message'));
    } catch {
      showMessageError(t('settings.copySettings.failed'));
    }
  }

  const widthId = `${baseId}-menuWidth`;
  return (
    <>
      {!settings.navbar && (
        <Button
          className="settings-float-button"
          type="primary"
          shape="circle"
          size="large"
          aria-label={t('settings.open')}
          title={t('settings.open')}
          icon={<IconSettings />}
          onClick={() => update({ globalSettings: true })}
        />
      )}
      <Drawer
        width={300}
        title={t('settings.title')}
        visible={settings.globalSettings}
        okText={t('settings.copySettings')}
        cancelText={t('common.cancel')}
        onOk={() => void copySettings()}
        onCancel={close}
        className="settings-drawer"
        unmountOnExit
      >
        <section aria-labelledby={`${baseId}-content`}>
          <h3 id={`${baseId}-content`} className="settings-heading">
            {t('settings.content')}
          </h3>
          {CONTENT_SWITCHES.map(renderSwitch)}
          <SettingRow id={widthId} label={t('settings.menuWidth')}>
            <InputNumber
              id={widthId}
              size="small"
              style={{ width: 80 }}
              min={120}
              max={400}
              step={10}
              value={settings.menuWidth}
              onChange={(value: number | undefined) => {
                if (typeof value === 'number' && Number.isFinite(value)) update({ menuWidth: value });
              }}
            />
          </SettingRow>
        </section>
        <section aria-labelledby={`${baseId}-other`}>
          <h3 id={`${baseId}-other`} className="settings-heading">
            {t('settings.otherSettings')}
          </h3>
          {renderSwitch('colorWeak')}
        </section>
        <Alert className="settings-alert" content={t('settings.alertContent')} />
      </Drawer>
    </>
  );
}
