import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { authed, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

// The .ics of a demo teacher, read back two ways: a small RFC 5545 reader
// written here (unfolding, properties, parameters, WEEKLY rules), and ical.js
// when it is installed (`npm install -D ical.js`), which also expands the rules.

interface Prop {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  props: Prop[];
  children: Component[];
}

function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
}

function parseLine(line: string): Prop {
  // Property values here never hold a quoted ':'; the first unquoted ':' ends name and parameters.
  const colon = line.indexOf(':');
  const [name = '', ...params] = line.slice(0, colon).split(';');
  return {
    name: name.toUpperCase(),
    params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
    value: line.slice(colon + 1),
  };
}

function parseCalendar(text: string): Component {
  const root: Component = { name: 'ROOT', props: [], children: [] };
  const stack = [root];
  for (const line of unfold(text)) {
    const p = parseLine(line);
    const top = stack[stack.length - 1];
    if (!top) throw new Error('unbalanced BEGIN/END');
    if (p.name === 'BEGIN') {
      const c: Component = { name: p.value, props: [], children: [] };
      top.children.push(c);
      stack.push(c);
    } else if (p.name === 'END') {
      if (top.name !== p.value) throw new Error(`END:${p.value} closes ${top.name}`);
      stack.pop();
    } else {
      top.props.push(p);
    }
  }
  if (stack.length !== 1) throw new Error('unclosed component');
  const [cal] = root.children;
  if (!cal || root.children.length !== 1) throw new Error('want one VCALENDAR');
  return cal;
}

const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);
const mustProp = (c: Component, name: string): Prop => {
  const p = prop(c, name);
  if (!p) throw new Error(`${c.name} has no ${name}`);
  return p;
};

/** YYYYMMDDTHHMMSS → [date YYYY-MM-DD, minutes]. */
function splitLocal(v: string): [string, number] {
  return [`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`, Number(v.slice(9, 11)) * 60 + Number(v.slice(11, 13))];
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Occurrence dates of a DTSTART (local, fixed offset) and a WEEKLY RRULE with INTERVAL and UNTIL (UTC). */
function expandWeekly(dtstart: string, rrule: string | undefined, offsetMin: number): string[] {
  const [date, minutes] = splitLocal(dtstart);
  if (!rrule) return [date];
  const parts = Object.fromEntries(rrule.split(';').map((kv) => kv.split('=') as [string, string]));
  expect(parts.FREQ).toBe('WEEKLY');
  const interval = Number(parts.INTERVAL ?? '1');
  const until = parts.UNTIL ?? '';
  expect(until).toMatch(/^\d{8}T\d{6}Z$/);
  const untilMs = Date.UTC(
    +until.slice(0, 4),
    +until.slice(4, 6) - 1,
    +until.slice(6, 8),
    +until.slice(9, 11),
    +until.slice(11, 13),
    +until.slice(13, 15),
  );
  const out: string[] = [];
  for (let d = date; ; d = addDays(d, 7 * interval)) {
    const startMs = Date.parse(`${d}T00:00:00Z`) + (minutes - offsetMin) * 60_000;
    if (startMs > untilMs) break;
    out.push(d);
    if (out.length > 60) throw new Error('runaway rule');
  }
  return out;
}

function parseOffset(v: string): number {
  const sign = v.startsWith('-') ? -1 : 1;
  return sign * (Number(v.slice(1, 3)) * 60 + Number(v.slice(3, 5)));
}

interface DemoEntry {
  id: number;
  course_name: string;
  room_code: string;
  weekday: number;
  start_min: number;
  end_min: number;
  week_start: number;
  week_end: number;
  week_pattern: 'all' | 'odd' | 'even';
  start_date: string;
  end_date: string;
}

/** The dates an entry should meet, computed from its row alone: week 1 holds the term's first day. */
function expectedDates(e: DemoEntry): string[] {
  const start = Date.parse(`${e.start_date}T00:00:00Z`);
  const isoDay = ((new Date(start).getUTCDay() + 6) % 7) + 1;
  const monday = new Date(start - (isoDay - 1) * 86_400_000).toISOString().slice(0, 10);
  const dates: string[] = [];
  for (let w = e.week_start; w <= e.week_end; w++) {
    if (e.week_pattern === 'odd' && w % 2 === 0) continue;
    if (e.week_pattern === 'even' && w % 2 === 1) continue;
    const d = addDays(monday, (w - 1) * 7 + e.weekday - 1);
    if (d >= e.start_date && d <= e.end_date) dates.push(d);
  }
  return dates;
}

/** The part of ical.js this test uses. */
interface IcalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}
interface IcalComponent {
  getAllSubcomponents(name: string): IcalComponent[];
  getFirstPropertyValue(name: string): unknown;
}
interface IcalJs {
  parse(text: string): unknown;
  Component: new (jcal: unknown) => IcalComponent;
  Event: new (c: IcalComponent) => { summary: string; iterator(): { next(): IcalTime | null | undefined } };
  TimezoneService: { register(c: IcalComponent): void };
}

async function loadIcalJs(): Promise<IcalJs> {
  const mod = (await import('ical.js')) as unknown as IcalJs & { default?: IcalJs };
  return mod.default ?? mod;
}

let t: TestApp;
let token: string;
let camId: number;
let teacherId: number;
let entries: DemoEntry[];
let ics: string;
let headers: Record<string, string | string[] | number | undefined>;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  token = await getToken(t.app);
  // The demo teacher with the most entries in a current term, odd/even ones first.
  const [pick] = await queryRows<{ teacher_id: number; cam_id: number }>(
    t.database.db,
    sql`select e.teacher_id, e.cam_id from schedule_entries e
        join courses c on c.id = e.course_id and c.cam_id = e.cam_id
        join terms m on m.id = c.term_id and m.cam_id = e.cam_id and m.is_current
        group by e.teacher_id, e.cam_id
        order by count(*) filter (where e.week_pattern <> 'all') desc, count(*) desc, e.teacher_id limit 1`,
  );
  if (!pick) throw new Error('the demo seed made no schedule');
  teacherId = pick.teacher_id;
  camId = pick.cam_id;
  entries = await queryRows<DemoEntry>(
    t.database.db,
    sql`select e.id, c.name as course_name, r.code as room_code, e.weekday, e.start_min, e.end_min, e.week_start, e.week_end,
               e.week_pattern, m.start_date::text as start_date, m.end_date::text as end_date
        from schedule_entries e
        join courses c on c.id = e.course_id and c.cam_id = e.cam_id
        join rooms r on r.id = e.room_id and r.cam_id = e.cam_id
        join terms m on m.id = c.term_id and m.cam_id = e.cam_id and m.is_current
        where e.teacher_id = ${teacherId} and e.cam_id = ${camId} order by e.id`,
  );
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/educate/timetable.ics?teacherId=${teacherId}`,
    headers: authed(token, camId),
  });
  expect(res.statusCode).toBe(200);
  ics = res.body;
  headers = res.headers;
});
afterAll(async () => {
  await t?.close();
});

describe('timetable.ics of a demo teacher', () => {
  it('is served as a calendar download', () => {
    expect(String(headers['content-type'])).toMatch(/^text\/calendar; ?charset=utf-8/);
    expect(String(headers['content-disposition'])).toContain(`timetable-teacher-${teacherId}.ics`);
    expect(entries.length).toBeGreaterThan(1);
    // the pick covers the every-second-week rules too
    expect(entries.some((e) => e.week_pattern !== 'all')).toBe(true);
  });

  it('keeps the RFC 5545 line rules: CRLF only, at most 75 octets a line', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('declares version, product, time zone, and one event per entry whose occurrences match week by week', () => {
    const cal = parseCalendar(ics);
    expect(cal.name).toBe('VCALENDAR');
    expect(mustProp(cal, 'VERSION').value).toBe('2.0');
    expect(mustProp(cal, 'PRODID').value).toMatch(/Campus Console/);
    const tz = cal.children.find((c) => c.name === 'VTIMEZONE');
    if (!tz) throw new Error('no VTIMEZONE');
    expect(mustProp(tz, 'TZID').value).toBe('Asia/Shanghai');
    const observances = tz.children;
    expect(observances.map((o) => o.name)).toEqual(['STANDARD']);
    const offset = parseOffset(mustProp(observances[0] as Component, 'TZOFFSETTO').value);
    expect(offset).toBe(480);

    const events = cal.children.filter((c) => c.name === 'VEVENT');
    const withDates = entries.filter((e) => expectedDates(e).length > 0);
    expect(events).toHaveLength(withDates.length);
    const uids = new Set<string>();
    for (const e of withDates) {
      const event = events.find((v) => prop(v, 'UID')?.value === `schedule-entry-${e.id}@campus-console`);
      if (!event) throw new Error(`no event for entry ${e.id}`);
      uids.add(mustProp(event, 'UID').value);
      expect(mustProp(event, 'DTSTAMP').value).toMatch(/^\d{8}T\d{6}Z$/);
      expect(mustProp(event, 'SUMMARY').value).toBe(e.course_name.replace(/([,;\\])/g, '\\$1'));
      expect(mustProp(event, 'LOCATION').value).toContain(e.room_code);
      const start = mustProp(event, 'DTSTART');
      const end = mustProp(event, 'DTEND');
      expect(start.params.TZID).toBe('Asia/Shanghai');
      expect(end.params.TZID).toBe('Asia/Shanghai');
      const [startDate, startMin] = splitLocal(start.value);
      const [endDate, endMin] = splitLocal(end.value);
      expect([startMin, endDate, endMin]).toEqual([e.start_min, startDate, e.end_min]);
      const rrule = prop(event, 'RRULE')?.value;
      if (e.week_pattern !== 'all' && rrule) expect(rrule).toContain('INTERVAL=2');
      expect(expandWeekly(start.value, rrule, offset), `entry ${e.id} ${e.week_pattern}`).toEqual(expectedDates(e));
    }
    expect(uids.size).toBe(withDates.length);
  });

  it('is stable: the same entries give the same file', async () => {
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/educate/timetable.ics?teacherId=${teacherId}`,
      headers: authed(token, camId),
    });
    expect(again.body).toBe(ics);
  });

  it('parses with ical.js and expands to the same dates', async () => {
    const ICAL = await loadIcalJs();
    const root = new ICAL.Component(ICAL.parse(ics));
    for (const vtz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtz);
    for (const e of entries.filter((x) => expectedDates(x).length > 0)) {
      const vevent = root
        .getAllSubcomponents('vevent')
        .find((v) => v.getFirstPropertyValue('uid') === `schedule-entry-${e.id}@campus-console`);
      if (!vevent) throw new Error(`no event for entry ${e.id}`);
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe(e.course_name);
      const it = event.iterator();
      const dates: string[] = [];
      for (let next = it.next(); next && dates.length < 60; next = it.next()) {
        dates.push(`${next.year}-${String(next.month).padStart(2, '0')}-${String(next.day).padStart(2, '0')}`);
        expect(next.hour * 60 + next.minute).toBe(e.start_min);
      }
      expect(dates).toEqual(expectedDates(e));
    }
  });

  it('answers 400 without a target and 404 for another campus’s teacher', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/educate/timetable.ics', headers: authed(token, camId) });
    expect(none.statusCode).toBe(400);
    const [other] = await queryRows<{ id: number }>(t.database.db, sql`select id from campuses where id <> ${camId} order by id limit 1`);
    if (other) {
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/educate/timetable.ics?teacherId=${teacherId}`,
        headers: authed(token, other.id),
      });
      expect(foreign.statusCode).toBe(404);
    }
  });
});

describe('the timetable of a demo teacher', () => {
  it("says which week of the term the campus's today falls in, counted in the campus's time zone", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/educate/timetable?teacherId=${teacherId}`, headers: authed(token, camId) });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { term: { id: number }; todayWeek: number | null } }>().data;
    // Counted here in SQL alone: week 1 is the Monday-to-Sunday week holding the term's first day.
    const [row] = await queryRows<{ week: number | null }>(
      t.database.db,
      sql`select case when x.today between m.start_date and m.end_date
                      then (x.today - (m.start_date - (extract(isodow from m.start_date)::int - 1))) / 7 + 1 end as week
          from terms m, (select (now() at time zone c.timezone)::date as today from campuses c where c.id = ${camId}) x
          where m.id = ${data.term.id}`,
    );
    // The demo's current term holds today, so the week is a number.
    expect(row?.week).toBeGreaterThan(0);
    expect(data.todayWeek).toBe(row?.week);
  });
});
