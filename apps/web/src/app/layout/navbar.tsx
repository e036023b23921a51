import Avatar from '@arco-design/web-react/es/Avatar';
import Button from '@arco-design/web-react/es/Button';
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Menu from '@arco-design/web-react/es/Menu';
import Select from '@arco-design/web-react/es/Select';
import {
  IconFullscreen,
  IconFullscreenExit,
  IconLanguage,
  IconLocation,
  IconMoonFill,
  IconPoweroff,
  IconSafe,
  IconSettings,
  IconSunFill,
  IconUser,
} from '@arco-design/web-react/icon';
import { USER_CENTER_PATH, type Locale } from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { leaveAndSignOut } from '../../lib/auth';
import { showSuccess } from '../../lib/feedback';
import { translate, useLocaleStore, useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { useSettingsStore } from '../settings-store';
import { AppMenu } from './app-menu';
import { MessageBox } from './message-box';

const LANGUAGES: { value: Locale; label: string }[] = [
  { value: 'zh-CN', label: '中文' },
  { value: 'en-US', label: 'English' },
];

function useFullscreen(): [boolean, () => void] {
  const [isFullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Browsers refuse without a user gesture or when embedded; nothing to tell the user.
    action.catch(() => undefined);
  };
  return [isFullscreen, toggle];
}

function CampusSwitcher() {
  const t = useT();
  const queryClient = useQueryClient();
  const campus = useSessionStore((s) => s.campus);
  const campusList = useSessionStore((s) => s.campusList);
  const switchCampus = useSessionStore((s) => s.switchCampus);
  return (
    <div className="navbar-campus">
      <IconLocation className="navbar-campus-icon" />
      <Select
        aria-label={t('navbar.campus.label')}
        className="navbar-campus-select"
        bordered={false}
        value={campus?.cam_id}
        placeholder={t('navbar.campus.none')}
        options={campusList.map((c) => ({ value: c.cam_id, label: c.name }))}
        triggerProps={{ autoAlignPopupWidth: false, autoAlignPopupMinWidth: true, position: 'bl' }}
        onChange={(value: number) => {
          const next = switchCampus(value);
          if (!next) return;
          // Everything on screen belongs to the old campus.
          void queryClient.invalidateQueries();
          showSuccess(t('navbar.campus.switched', { name: next.name }));
        }}
      />
    </div>
  );
}

function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const name = user?.nickname || user?.username || '';

  async function signOut() {
    await leaveAndSignOut();
    showSuccess(translate('navbar.logout.done'));
  }

  const droplist = (
    <Menu
      onClickMenuItem={(key) => {
        if (key === 'center') void navigate(USER_CENTER_PATH);
        else if (key === 'security') void navigate(`${USER_CENTER_PATH}?tab=security`);
        else if (key === 'logout') void signOut();
      }}
    >
      <Menu.Item key="center">
        <IconUser /> {t('navbar.userCenter')}
      </Menu.Item>
      <Menu.Item key="security">
        <IconSafe /> {t('navbar.security')}
      </Menu.Item>
      <Menu.Item key="logout">
        <IconPoweroff /> {t('navbar.logout')}
      </Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} trigger="click" position="br">
      <button type="button" className="navbar-user" aria-label={`${t('navbar.account')}: ${name}`}>
        <Avatar size={32} className="navbar-avatar">
          {user?.headimgurl ? <img src={user.headimgurl} alt="" /> : name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="navbar-user-name">{name}</span>
      </button>
    </Dropdown>
  );
}

export function Navbar() {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const theme = useSettingsStore((s) => s.theme);
  const isTopMenu = useSettingsStore((s) => s.topMenu);
  const isMenuShown = useSettingsStore((s) => s.menu && !s.hideMenu);
  const toggleTheme = useSettingsStore((s) => s.toggleTheme);
  const updateSettings = useSettingsStore((s) => s.updateSettings);
  const [isFullscreen, toggleFullscreen] = useFullscreen();
  // Until a required second factor is set up the server answers 403 to the message box: it waits.
  const mustEnrolMfa = useSessionStore((s) => s.user?.mustEnrolMfa === true);

  const themeLabel = theme === 'dark' ? t('navbar.theme.toLight') : t('navbar.theme.toDark');
  const fullscreenLabel = isFullscreen ? t('navbar.fullscreen.exit') : t('navbar.fullscreen.enter');

  const languageMenu = (
    <Menu
      selectedKeys={[locale]}
      onClickMenuItem={(key) => {
        const next = key as Locale;
        setLocale(next);
        // The spec: 'Switch to English' or its Chinese equivalent, in the new language.
        showSuccess(translate('navbar.action.locale', undefined, next));
      }}
    >
      {LANGUAGES.map((lang) => (
        <Menu.Item key={lang.value} lang={lang.value}>
          {lang.label}
        </Menu.Item>
      ))}
    </Menu>
  );

  return (
    <header className="navbar">
      <div className="navbar-left">
        <Link to="/dashboard/workplace" className="navbar-brand" aria-label={t('app.title')}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="navbar-title">{t('app.title')}</span>
        </Link>
        <CampusSwitcher />
      </div>
      {isTopMenu && isMenuShown && (
        <div className="navbar-center">
          <AppMenu mode="horizontal" />
        </div>
      )}
      <ul className="navbar-right">
        <li>
          <Dropdown droplist={languageMenu} trigger="click" position="br">
            <Button
              className="navbar-icon-button"
              shape="circle"
              aria-label={t('navbar.language')}
              title={t('navbar.language')}
              icon={<IconLanguage />}
            />
          </Dropdown>
        </li>
        <li>
          <Button
            className="navbar-icon-button"
            shape="circle"
            aria-label={themeLabel}
            title={themeLabel}
            icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
            onClick={() => toggleTheme()}
          />
        </li>
        {!mustEnrolMfa && (
          <li>
            <MessageBox />
          </li>
        )}
        <li className="navbar-fullscreen">
          <Button
            className="navbar-icon-button"
            shape="circle"
            aria-label={fullscreenLabel}
            title={fullscreenLabel}
            icon={isFullscreen ? <IconFullscreenExit /> : <IconFullscreen />}
            onClick={toggleFullscreen}
          />
        </li>
        <li>
          <Button
            className="navbar-icon-button"
            shape="circle"
            aria-label={t('navbar.settings')}
            title={t('navbar.settings')}
            icon={<IconSettings />}
            onClick={() => updateSettings({ globalSettings: true })}
          />
        </li>
        <li>
          <UserMenu />
        </li>
      </ul>
    </header>
  );
}
