import type { Locale } from '@campus/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { useLocaleStore } from '../lib/i18n';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * App-wide effects of the language choice. Arco's ConfigProvider lives in the
 * console layout: it pulls Message, Notification and both Arco locales, which
 * the login page does not need.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    dayjs.locale(DAYJS_LOCALES[locale]);
  }, [locale]);
  return children;
}
