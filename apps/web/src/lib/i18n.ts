import { DEFAULT_LOCALE, LOCALES, StorageKey, type Locale } from '@campus/contract';
import { create } from 'zustand';
import { enUS } from '../locale/en-us';
import { zhCN, type MessageKey } from '../locale/zh-cn';
import { readPreference, writePreference } from './storage';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

const DICTIONARIES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };
/** en-US is the spec's fallback language. */
const FALLBACK_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function readInitialLocale(): Locale {
  const saved = readPreference(StorageKey.locale);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: readInitialLocale(),
  setLocale: (locale) => {
    writePreference(StorageKey.locale, locale);
    document.documentElement.lang = locale;
    set({ locale });
  },
}));

export function getLocale(): Locale {
  return useLocaleStore.getState().locale;
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

export type MessageBook = Record<Locale, Record<string, string>>;

/**
 * Texts that ship with lazily loaded pages (list toolkit, educate forms), so
 * the login chunk does not carry them; a page registers its book on import.
 */
const lazyBook: MessageBook = { 'zh-CN': {}, 'en-US': {} };

export function registerMessages(book: MessageBook): void {
  for (const locale of LOCALES) Object.assign(lazyBook[locale], book[locale]);
}

function findLazyText(key: string, locale: Locale): string | undefined {
  if (!Object.hasOwn(lazyBook['zh-CN'], key)) return undefined;
  return lazyBook[locale][key] || lazyBook[FALLBACK_LOCALE][key];
}

function fillParams(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Text for `key` in `locale`. Keys arrive from the server too (menu locales), so
 * an unknown key falls back to en-US and then to the key itself rather than failing.
 */
export function translate(key: string, params?: MessageParams, locale: Locale = getLocale()): string {
  if (!hasMessage(key)) return fillParams(findLazyText(key, locale) ?? key, params);
  const text = DICTIONARIES[locale][key] || DICTIONARIES[FALLBACK_LOCALE][key];
  return fillParams(text, params);
}

export type Translate = (key: string, params?: MessageParams) => string;

/** Re-renders the caller when the language changes. */
export function useT(): Translate {
  const locale = useLocaleStore((s) => s.locale);
  return (key, params) => translate(key, params, locale);
}
