import type { WeekPattern } from '@campus/contract';
import { meetsInWeek } from './clash.js';

// Week 1 is the Monday-to-Sunday week holding the term's first day, so a week
// number names the same calendar days for every entry of the term.

const DAY_MS = 86_400_000;

export interface TermDates {
  startDate: string;
  endDate: string;
}

const toDay = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 = Monday ... 7 = Sunday. */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

function firstMonday(term: TermDates): number {
  const start = toDay(term.startDate);
  return start - (weekdayOf(start) - 1);
}

/** How many weeks the term touches, the first and last possibly partial. */
export function countTermWeeks(term: TermDates): number {
  return Math.floor((toDay(term.endDate) - firstMonday(term)) / 7) + 1;
}

/** The term week `date` falls in, or null outside the term's dates. */
export function findTermWeek(term: TermDates, date: string): number | null {
  const day = toDay(date);
  if (day < toDay(term.startDate) || day > toDay(term.endDate)) return null;
  return Math.floor((day - firstMonday(term)) / 7) + 1;
}

/** The calendar date of `weekday` in term week `week`. */
export function findDateOf(term: TermDates, week: number, weekday: number): string {
  return fromDay(firstMonday(term) + (week - 1) * 7 + (weekday - 1));
}

export interface WeeklyMeeting {
  weekday: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
}

export interface Occurrence {
  week: number;
  date: string;
}

/**
 * The dates an entry really meets: its weeks and pattern, kept inside the
 * term's dates (a Monday entry in a term starting on Wednesday skips week 1).
 */
export function listOccurrences(entry: WeeklyMeeting, term: TermDates): Occurrence[] {
  const first = toDay(term.startDate);
  const last = toDay(term.endDate);
  const base = firstMonday(term);
  const out: Occurrence[] = [];
  for (let week = entry.weekStart; week <= entry.weekEnd; week++) {
    if (!meetsInWeek(entry.weekPattern, week)) continue;
    const day = base + (week - 1) * 7 + (entry.weekday - 1);
    if (day >= first && day <= last) out.push({ week, date: fromDay(day) });
  }
  return out;
}
