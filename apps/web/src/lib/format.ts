import dayjs from 'dayjs';

// Numbers and times as the console writes them in both of its languages, not in the browser's own locale (a
// console set to English in a German browser wrote "20.000" and "28.11.2026, 15:00:00"), and without Intl: its
// first use loads ICU's locale data on the main thread, ~60 ms of the Workplace's first render on a throttled
// phone profile (issue 22).

/** A count with its thousands grouped: 20,000 (zh-CN and en-US both group by three with a comma). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A moment to the minute (2026-11-28 15:04), or to the second; '—' for none, the text itself if it is no time. */
export function formatDateTime(value: string | number | Date | null | undefined, { hasSeconds = false } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const moment = dayjs(value);
  if (!moment.isValid()) return String(value);
  return moment.format(hasSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm');
}

/** A time of day to the second: 15:04:05. */
export function formatClockTime(value: string | number | Date): string {
  return dayjs(value).format('HH:mm:ss');
}
