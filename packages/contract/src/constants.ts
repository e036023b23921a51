export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 20;

/** Browser storage keys fixed by the spec (section 9). */
export const StorageKey = {
  token: 'sch-token',
  campusList: 'sch-cams',
  campus: 'sch-cam',
  locale: 'arco-locale',
} as const;

/** Stored values expire after 3 days unless the caller gives seconds. */
export const STORAGE_TTL_S = 3 * 24 * 60 * 60;

export const CAMPUS_HEADER = 'x-access-camid';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
/** One text in every language. */
export type Texts = Record<Locale, string>;
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** The spec's fixed 16-character AES key and IV (overridable by LOGIN_AES_KEY / LOGIN_AES_IV). */
export const DEFAULT_LOGIN_AES_KEY = 'CampusConsoleKey';
export const DEFAULT_LOGIN_AES_IV = 'CampusConsole_IV';

/** OWASP ASVS 5 §6.2: at least 8, and at least 64 must be allowed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A region's code, six digits: province (XX0000), city (XXXX00) or county. */
export const REGION_CODE_PATTERN = /^\d{6}$/;
/** Most codes one `/regions/paths` request names: a list page's worth, and then some. */
export const REGION_PATHS_MAX = 200;
