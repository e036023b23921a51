import { WEEK_PATTERN_LABELS, type Locale, type WeekPattern } from '@campus/contract';
import { listOccurrences, type TermDates } from '../../lib/scheduling/term-weeks.js';

// RFC 5545 by hand: the format is small, and generating it ourselves keeps
// folding, escaping and the time zone under test instead of behind a library.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface IcsEntry {
  id: number;
  courseName: string;
  courseCode: string;
  teacherName: string;
  roomCode: string;
  roomName: string;
  weekday: number;
  startMin: number;
  endMin: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
  updatedAt: Date;
}

export interface IcsCalendar {
  name: string;
  /** IANA zone of the campus. */
  timezone: string;
  term: TermDates;
  entries: readonly IcsEntry[];
  /** Host part of the UIDs. */
  uidDomain: string;
  /** The language of the event descriptions (English by default). */
  locale?: Locale | undefined;
}

/** TEXT escaping of RFC 5545 §3.3.11. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (§3.1) without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // Continuation lines begin with a space, which counts towards their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The zone's offset from UTC at `instant`, in minutes; an unknown zone reads as UTC. */
export function findUtcOffset(timezone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

export function isKnownZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Local wall-clock time `minutes` after midnight of `date` → UTC instant (ms). */
export function localToUtc(timezone: string, date: string, minutes: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  let utc = wall - findUtcOffset(timezone, wall) * MINUTE_MS;
  // Once more, in case the first guess fell on the other side of a transition.
  utc = wall - findUtcOffset(timezone, utc) * MINUTE_MS;
  return utc;
}

const formatOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

function formatUtc(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** A floating local date-time: `date` plus `minutes` after midnight. */
function formatLocal(date: string, minutes: number): string {
  return `${date.replace(/-/g, '')}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`;
}

/**
 * A VTIMEZONE valid over [fromMs, toMs]: one observance for a zone without
 * transitions then (Asia/Shanghai), otherwise the base observance and each
 * transition found, to the minute.
 */
export function buildVtimezone(timezone: string, fromMs: number, toMs: number): string[] {
  const transitions: { at: number; from: number; to: number }[] = [];
  let prev = findUtcOffset(timezone, fromMs);
  const base = prev;
  for (let t = fromMs + DAY_MS; t <= toMs + DAY_MS; t += DAY_MS) {
    const off = findUtcOffset(timezone, t);
    if (off === prev) continue;
    let lo = t - DAY_MS;
    let hi = t;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (findUtcOffset(timezone, mid) === prev) lo = mid;
      else hi = mid;
    }
    transitions.push({ at: hi, from: prev, to: off });
    prev = off;
  }
  const standard = Math.min(base, ...transitions.map((t) => t.to));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timezone}`];
  const observance = (start: string, from: number, to: number) => {
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(`BEGIN:${kind}`, `DTSTART:${start}`, `TZOFFSETFROM:${formatOffset(from)}`, `TZOFFSETTO:${formatOffset(to)}`, `END:${kind}`);
  };
  observance('19700101T000000', base, base);
  for (const t of transitions) {
    // DTSTART of an observance is the local time before the change (§3.6.5).
    const local = new Date(t.at + t.from * MINUTE_MS);
    observance(formatUtc(local.getTime()).slice(0, 15), t.from, t.to);
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** "weeks 1-16, every week" in the feed's language (第 1-16 周，每周). */
function describeWeeks(e: IcsEntry, locale: Locale = 'en-US'): string {
  const pattern = WEEK_PATTERN_LABELS[e.weekPattern][locale];
  return locale === 'zh-CN' ? `第 ${e.weekStart}-${e.weekEnd} 周，${pattern}` : `weeks ${e.weekStart}-${e.weekEnd}, ${pattern}`;
}

/**
 * One VEVENT per entry: its first meeting inside the term, repeated weekly
 * (every second week for odd/even) until its last meeting; times are the
 * campus's local times under a TZID with its VTIMEZONE.
 */
export function buildTimetableIcs(cal: IcsCalendar): string {
  return buildCalendarIcs({ name: cal.name, uidDomain: cal.uidDomain, parts: [cal], locale: cal.locale });
}

export interface IcsPart {
  timezone: string;
  term: TermDates;
  entries: readonly IcsEntry[];
}

/** One calendar of several campuses' timetables (a teacher who teaches at two): a VTIMEZONE per zone. */
export function buildCalendarIcs(cal: { name: string; uidDomain: string; parts: readonly IcsPart[]; locale?: Locale | undefined }): string {
  const zoneOf = (p: IcsPart) => (isKnownZone(p.timezone) ? p.timezone : 'UTC');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campus Console//Timetable 1.0//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-TIMEZONE:${cal.parts[0] ? zoneOf(cal.parts[0]) : 'UTC'}`,
  ];
  const zones = new Map<string, { from: number; to: number }>();
  for (const part of cal.parts) {
    const tz = zoneOf(part);
    const from = Date.parse(`${part.term.startDate}T00:00:00Z`) - 7 * DAY_MS;
    const to = Date.parse(`${part.term.endDate}T00:00:00Z`) + 7 * DAY_MS;
    const known = zones.get(tz);
    zones.set(tz, known ? { from: Math.min(known.from, from), to: Math.max(known.to, to) } : { from, to });
  }
  if (!zones.size) zones.set('UTC', { from: 0, to: 0 });
  for (const [tz, span] of zones) lines.push(...buildVtimezone(tz, span.from, span.to));
  for (const part of cal.parts) {
    const tz = zoneOf(part);
    for (const e of part.entries) {
      const occurrences = listOccurrences(e, part.term);
      const first = occurrences[0];
      const last = occurrences[occurrences.length - 1];
      if (!first || !last) continue;
      lines.push(
        'BEGIN:VEVENT',
        `UID:schedule-entry-${e.id}@${cal.uidDomain}`,
        // No METHOD: DTSTAMP is when the entry was last revised (§3.8.7.2), so the file is stable.
        `DTSTAMP:${formatUtc(e.updatedAt.getTime())}`,
        `LAST-MODIFIED:${formatUtc(e.updatedAt.getTime())}`,
        `DTSTART;TZID=${tz}:${formatLocal(first.date, e.startMin)}`,
        `DTEND;TZID=${tz}:${formatLocal(first.date, e.endMin)}`,
      );
      if (occurrences.length > 1) {
        const interval = e.weekPattern === 'all' ? '' : ';INTERVAL=2';
        // UNTIL is UTC when DTSTART has a TZID (§3.3.10); the last meeting's end bounds it inclusively.
        lines.push(`RRULE:FREQ=WEEKLY${interval};UNTIL=${formatUtc(localToUtc(tz, last.date, e.endMin))}`);
      }
      lines.push(
        `SUMMARY:${escapeText(e.courseName)}`,
        `LOCATION:${escapeText(`${e.roomCode} ${e.roomName}`)}`,
        `DESCRIPTION:${escapeText(`${e.courseCode} · ${e.teacherName} · ${describeWeeks(e, cal.locale)}`)}`,
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
