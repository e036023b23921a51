import { DEFAULT_MENUS, LOCALES, LOGIN_REASONS, type MenuItem } from '@campus/contract';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildListBook } from '../lib/list-page/list-messages';
import { enUS } from './en-us';
import { listEnUS } from './list-en-us';
import { listZhCN } from './list-zh-cn';
import { systemEnUS } from './system-en-us';
import { systemZhCN } from './system-zh-cn';
import { zhCN } from './zh-cn';
import { dashboardEnUS } from './dashboard-en-us';
import { dashboardZhCN } from './dashboard-zh-cn';
import { reportEnUS } from './report-en-us';
import { reportZhCN } from './report-zh-cn';
import { scheduleEnUS } from './schedule-en-us';
import { scheduleZhCN } from './schedule-zh-cn';
import { opsEnUS } from './ops-en-us';
import { opsZhCN } from './ops-zh-cn';
import { accountEnUS } from './account-en-us';
import { accountZhCN } from './account-zh-cn';
import { timetablePlanEnUS } from './timetable-plan-en-us';
import { timetablePlanZhCN } from './timetable-plan-zh-cn';

const SRC = join(import.meta.dirname, '..');

function collectLocales(items: readonly MenuItem[]): string[] {
  return items.flatMap((i) => [i.meta.locale, ...(i.children ? collectLocales(i.children) : [])]);
}

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('locales', () => {
  it('has exactly these two languages', () => {
    expect([...LOCALES]).toEqual(['zh-CN', 'en-US']);
  });

  it('carries every key in both languages, none blank', () => {
    const zhKeys = Object.keys(zhCN).sort();
    const enKeys = Object.keys(enUS).sort();
    expect(enKeys.filter((k) => !zhKeys.includes(k))).toEqual([]);
    expect(zhKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    for (const dict of [zhCN, enUS] as Record<string, string>[]) {
      expect(Object.entries(dict).filter(([, v]) => v.trim() === '')).toEqual([]);
    }
  });

  it('carries every lazily loaded page text in both languages, none blank, none shadowing the main book', () => {
    const book = buildListBook();
    const zhKeys = Object.keys(book['zh-CN']).sort();
    expect(Object.keys(book['en-US']).sort()).toEqual(zhKeys);
    for (const dict of [book['zh-CN'], book['en-US']]) expect(Object.entries(dict).filter(([, v]) => v.trim() === '')).toEqual([]);
    expect(zhKeys.filter((k) => k in zhCN)).toEqual([]);
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, zh] of Object.entries(listZhCN))
      expect([key, params((listEnUS as Record<string, string>)[key] ?? '')]).toEqual([key, params(zh)]);
  });

  it('carries every system page text in both languages, none blank, none shadowing another book', () => {
    const zhKeys = Object.keys(systemZhCN).sort();
    expect(Object.keys(systemEnUS).sort()).toEqual(zhKeys);
    for (const dict of [systemZhCN, systemEnUS] as Record<string, string>[])
      expect(Object.entries(dict).filter(([, v]) => v.trim() === '')).toEqual([]);
    expect(zhKeys.filter((k) => k in zhCN || k in listZhCN)).toEqual([]);
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, zh] of Object.entries(systemZhCN))
      expect([key, params((systemEnUS as Record<string, string>)[key] ?? '')]).toEqual([key, params(zh)]);
  });

  it('carries every Workplace, report and account text in both languages, none blank, none shadowing another book', () => {
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [zhBook, enBook] of [
      [dashboardZhCN, dashboardEnUS],
      [reportZhCN, reportEnUS],
      [scheduleZhCN, scheduleEnUS],
      [opsZhCN, opsEnUS],
      [accountZhCN, accountEnUS],
      [timetablePlanZhCN, timetablePlanEnUS],
    ] as Record<string, string>[][]) {
      if (!zhBook || !enBook) throw new Error('book pair');
      expect(Object.keys(enBook).sort()).toEqual(Object.keys(zhBook).sort());
      for (const dict of [zhBook, enBook]) expect(Object.entries(dict).filter(([, v]) => v.trim() === '')).toEqual([]);
      expect(Object.keys(zhBook).filter((k) => k in zhCN || k in listZhCN || k in systemZhCN)).toEqual([]);
      for (const [key, zh] of Object.entries(zhBook)) expect([key, params(enBook[key] ?? '')]).toEqual([key, params(zh)]);
    }
  });

  it('writes English in the English books: no Chinese characters or Chinese punctuation ("view、add")', () => {
    const english = {
      ...enUS,
      ...buildListBook()['en-US'],
      ...systemEnUS,
      ...dashboardEnUS,
      ...reportEnUS,
      ...scheduleEnUS,
      ...opsEnUS,
      ...accountEnUS,
      ...timetablePlanEnUS,
    } as Record<string, string>;
    // The language menu names Chinese in Chinese, as every language menu does.
    const isLanguageName = (key: string) => /^(navbar|settings)\.(language|locale)/.test(key);
    const chinese = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    expect(Object.entries(english).filter(([key, text]) => chinese.test(text) && !isLanguageName(key))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const en = enUS as Record<string, string>;
    for (const [key, zh] of Object.entries(zhCN)) expect([key, params(en[key] ?? '')]).toEqual([key, params(zh)]);
  });

  it('names every sign-in outcome the server records (its type is the same list)', () => {
    const missing = LOGIN_REASONS.filter((r) => !(`sys.loginlog.reason.${r}` in systemZhCN) || !(`sys.loginlog.reason.${r}` in systemEnUS));
    expect(missing).toEqual([]);
    expect(LOGIN_REASONS).toEqual(expect.arrayContaining(['mfa_required', 'bad_code', 'mfa_expired', 'bad_passkey']));
  });

  it('labels every menu and breadcrumb entry', () => {
    const missing = collectLocales(DEFAULT_MENUS).filter((k) => !(k in zhCN) || !(k in enUS));
    expect(missing).toEqual([]);
  });

  it('knows every literal key the code asks for', () => {
    // t('a.b'), titleKey="a.b", descKey="a.b" and 'a.b' as const lists.
    const patterns = [/\bt\(\s*'([a-zA-Z0-9.]+)'/g, /(?:titleKey|descKey)="([a-zA-Z0-9.]+)"/g, /translate\(\s*'([a-zA-Z0-9.]+)'/g];
    const missing = new Set<string>();
    for (const file of listSources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns)
        for (const m of text.matchAll(pattern))
          if (
            m[1] &&
            ![zhCN, listZhCN, systemZhCN, dashboardZhCN, reportZhCN, scheduleZhCN, opsZhCN, accountZhCN, timetablePlanZhCN].some(
              (book) => m[1] !== undefined && m[1] in book,
            )
          )
            missing.add(`${m[1]} (${file})`);
    }
    expect([...missing]).toEqual([]);
  });

  it('keeps the spec texts', () => {
    expect(enUS['login.form.username.errMsg']).toBe('Username cannot be empty');
    expect(enUS['login.form.password.errMsg']).toBe('Password cannot be empty');
    expect(enUS['login.form.loginError']).toBe('Login error, refresh and try again');
    expect(enUS['settings.copySettings.message']).toBe('Copy succeeded, please paste to file src/settings.json.');
    expect(enUS['request.relogin.title']).toBe('Confirm logout');
    expect(enUS['request.relogin.content']).toBe('You have been logged out, you can cancel to stay on this page, or log in again');
    expect(enUS['request.relogin.ok']).toBe('Re-Login');
    expect(enUS['navbar.action.locale']).toBe('Switch to English');
    expect(zhCN['navbar.action.locale']).toBe('切换为中文');
  });
});
