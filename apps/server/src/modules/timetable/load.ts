import type { WeekPattern, WeeklyLoad } from '@campus/contract';
import { listOccurrences, type TermDates } from '../../lib/scheduling/term-weeks.js';

export interface TimedMeeting {
  weekday: number;
  startMin: number;
  endMin: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * Hours in each week of the term, counted from the meetings that really
 * happen: an odd-week entry adds to odd weeks only, so the average is half
 * of its nominal weekly hours rather than all of them.
 */
export function computeWeeklyLoad(meetings: readonly TimedMeeting[], term: TermDates, weeks: number): WeeklyLoad {
  const minutes = Array.from({ length: weeks }, () => 0);
  for (const m of meetings) {
    for (const o of listOccurrences(m, term)) {
      if (o.week >= 1 && o.week <= weeks) minutes[o.week - 1] = (minutes[o.week - 1] ?? 0) + (m.endMin - m.startMin);
    }
  }
  const total = minutes.reduce((a, b) => a + b, 0);
  return {
    averageHours: weeks ? hours(total / weeks) : 0,
    minWeekHours: weeks ? hours(Math.min(...minutes)) : 0,
    maxWeekHours: weeks ? hours(Math.max(...minutes)) : 0,
    termHours: hours(total),
    byWeek: minutes.map(hours),
  };
}
