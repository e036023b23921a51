import dayjs, { type Dayjs } from 'dayjs';

/**
 * The Workplace's "today": the campus's own day as the server counts it (the overview's `date`, the day whose
 * lessons and week it shows), so a browser in another time zone does not say Monday beside Tuesday's lessons.
 * The browser's day only until the overview has answered.
 */
export function describeWelcomeDate(campusToday: string | undefined, now: Dayjs): string {
  const day = campusToday && /^\d{4}-\d{2}-\d{2}$/.test(campusToday) ? dayjs(campusToday) : now;
  return day.format('YYYY-MM-DD dddd');
}
