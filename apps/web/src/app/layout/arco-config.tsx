import ConfigProvider from '@arco-design/web-react/es/ConfigProvider';
import arcoEnUS from '@arco-design/web-react/es/locale/en-US';
import arcoZhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { Locale } from '@campus/contract';
import type { ReactNode } from 'react';
import { useLocaleStore } from '../../lib/i18n';

const ARCO_LOCALES = { 'zh-CN': arcoZhCN, 'en-US': arcoEnUS } satisfies Record<Locale, unknown>;

/** Arco's own texts (pagination, empty states, pickers) in the current language. */
export function ArcoConfig({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  return <ConfigProvider locale={ARCO_LOCALES[locale]}>{children}</ConfigProvider>;
}
