import { Cron } from 'croner';
import cronstrueI18n from 'cronstrue/i18n.js';
import type { Locale } from '@campus/contract';

/**
 * Cron expressions of scheduled jobs: five fields (minute hour day month
 * weekday) or six with seconds first, and the nicknames (@hourly, @daily...).
 * croner parses and steps them in the job's time zone; cronstrue describes them.
 */
/** Why an expression is refused, in words of our own: croner's English ("exactly five, six, or seven...") named a
 * seventh field we do not take and was shown to Chinese readers. */
export type CronRefusal = 'empty' | 'parts' | 'never' | 'value';
export type CronCheck = { ok: true; cron: Cron } | { ok: false; reason: CronRefusal };

export function parseCron(expression: string, timezone: string): CronCheck {
  const trimmed = expression.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  const fields = trimmed.split(/\s+/).length;
  if (!trimmed.startsWith('@') && fields !== 5 && fields !== 6) return { ok: false, reason: 'parts' };
  try {
    const cron = new Cron(trimmed, { timezone, paused: true, mode: '5-or-6-parts' });
    // An expression that never fires (31 February) is as useless as a malformed one.
    if (!cron.nextRun()) return { ok: false, reason: 'never' };
    return { ok: true, cron };
  } catch {
    return { ok: false, reason: 'value' };
  }
}

/** The first time strictly after `after` that the expression fires (null: never). */
export function nextCronTime(expression: string, timezone: string, after: Date): Date | null {
  const check = parseCron(expression, timezone);
  return check.ok ? check.cron.nextRun(after) : null;
}

export function nextCronTimes(expression: string, timezone: string, after: Date, n: number): Date[] {
  const check = parseCron(expression, timezone);
  return check.ok ? check.cron.nextRuns(n, after) : [];
}

// Its typings give the default export the class, whose static toString TypeScript reads as Function's.
const cronstrue = cronstrueI18n as unknown as {
  toString(expression: string, options: { locale: string; use24HourTimeFormat: boolean; verbose: boolean }): string;
};

const CRONSTRUE_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', 'en-US': 'en' };

/** "Every hour", "在03:30"...: the expression in words, in the reader's language. */
export function describeCron(expression: string, locale: Locale): string {
  try {
    return cronstrue.toString(expression.trim(), { locale: CRONSTRUE_LOCALE[locale], use24HourTimeFormat: true, verbose: false });
  } catch {
    return '';
  }
}
