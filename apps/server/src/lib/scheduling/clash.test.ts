import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeekPattern } from '@campus/contract';
import { compareEntries, findClashes, findMeetingOverlap, type EngineEntry } from './clash.js';

// The oracle knows nothing of intervals or parity arithmetic: it walks every
// week and every minute and asks "are both in session right now?".
const ORACLE_WEEKS = 20;

function isInSession(e: EngineEntry, week: number, weekday: number, minute: number): boolean {
  const patternOk = e.weekPattern === 'all' || (e.weekPattern === 'odd' ? week % 2 === 1 : week % 2 === 0);
  return e.weekStart <= week && week <= e.weekEnd && patternOk && e.weekday === weekday && e.startMin <= minute && minute < e.endMin;
}

function oracleWeeks(a: EngineEntry, b: EngineEntry): number[] {
  const weeks: number[] = [];
  for (let week = 1; week <= ORACLE_WEEKS; week++) {
    let both = false;
    for (let weekday = 1; weekday <= 7 && !both; weekday++) {
      for (let minute = 0; minute < 24 * 60 && !both; minute++) {
        both = isInSession(a, week, weekday, minute) && isInSession(b, week, weekday, minute);
      }
    }
    if (both) weeks.push(week);
  }
  return weeks;
}

function oracleKinds(a: EngineEntry, b: EngineEntry): string[] {
  if (!oracleWeeks(a, b).length) return [];
  const kinds: string[] = [];
  if (a.teacherId === b.teacherId) kinds.push('teacher');
  if (a.roomId === b.roomId) kinds.push('room');
  if (a.studentIds.some((s) => b.studentIds.includes(s))) kinds.push('student');
  return kinds;
}

// Small domains on purpose: few teachers, rooms, students, weekdays and a
// two-hour window of 5-minute steps make overlaps, touching ends and shared
// resources common instead of rare.
const patternArb = fc.constantFrom<WeekPattern>('all', 'odd', 'even');
const entryArb = (id: number) =>
  fc
    .record({
      weekday: fc.integer({ min: 1, max: 2 }),
      start: fc.integer({ min: 0, max: 22 }),
      length: fc.integer({ min: 1, max: 8 }),
      weekA: fc.integer({ min: 1, max: ORACLE_WEEKS }),
      weekB: fc.integer({ min: 1, max: ORACLE_WEEKS }),
      weekPattern: patternArb,
      teacherId: fc.integer({ min: 1, max: 3 }),
      roomId: fc.integer({ min: 1, max: 3 }),
      studentIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
    })
    .map((r): EngineEntry => ({
      id,
      courseId: id,
      weekday: r.weekday,
      startMin: 480 + r.start * 5,
      endMin: 480 + (r.start + r.length) * 5,
      weekStart: Math.min(r.weekA, r.weekB),
      weekEnd: Math.max(r.weekA, r.weekB),
      weekPattern: r.weekPattern,
      teacherId: r.teacherId,
      roomId: r.roomId,
      studentIds: r.studentIds,
    }));

const FC = { seed: 20_260_905, numRuns: 400 } as const;

describe('clash engine against a minute-by-minute, week-by-week oracle', () => {
  it('finds exactly the oracle clash weeks and kinds, symmetrically', () => {
    fc.assert(
      fc.property(entryArb(1), entryArb(2), (a, b) => {
        const expectedWeeks = oracleWeeks(a, b);
        expect(findMeetingOverlap(a, b)).toEqual(expectedWeeks);
        expect(findMeetingOverlap(b, a)).toEqual(expectedWeeks);
        const clashes = compareEntries(a, b);
        expect(clashes.map((c) => c.kind)).toEqual(oracleKinds(a, b));
        for (const c of clashes) expect(c.weeks).toEqual(expectedWeeks);
        expect(compareEntries(b, a).map((c) => c.kind)).toEqual(clashes.map((c) => c.kind));
      }),
      FC,
    );
  });

  it('lists every clash of a candidate among many entries', () => {
    fc.assert(
      fc.property(
        entryArb(0),
        fc
          .array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 })
          .chain((ids) => fc.tuple(...[...new Set(ids)].map((id) => entryArb(id)))),
        (candidate, others) => {
          const found = findClashes([candidate], others).map((c) => `${c.other.id}:${c.kind}`);
          const expected = others.flatMap((o) => oracleKinds(candidate, o).map((k) => `${o.id}:${k}`));
          expect(found).toEqual(expected);
        },
      ),
      { ...FC, numRuns: 200 },
    );
  });
});

const base: EngineEntry = {
  id: 1,
  courseId: 1,
  weekday: 1,
  startMin: 480,
  endMin: 570,
  weekStart: 1,
  weekEnd: 16,
  weekPattern: 'all',
  teacherId: 1,
  roomId: 1,
  studentIds: [1, 2],
};
const other = (over: Partial<EngineEntry>): EngineEntry => ({
  ...base,
  id: 2,
  courseId: 2,
  teacherId: 2,
  roomId: 2,
  studentIds: [9],
  ...over,
});
const kinds = (a: EngineEntry, b: EngineEntry) => compareEntries(a, b).map((c) => c.kind);

describe('clash engine, the cases schedulers get wrong', () => {
  it('clashes on each kind alone', () => {
    expect(kinds(base, other({ teacherId: 1 }))).toEqual(['teacher']);
    expect(kinds(base, other({ roomId: 1 }))).toEqual(['room']);
    const students = compareEntries(base, other({ studentIds: [2, 3] }));
    expect(students.map((c) => c.kind)).toEqual(['student']);
    expect(students[0]?.studentIds).toEqual([2]);
    expect(kinds(base, other({}))).toEqual([]);
  });

  it('lists every shared resource of one slot', () => {
    expect(kinds(base, other({ teacherId: 1, roomId: 1, studentIds: [1] }))).toEqual(['teacher', 'room', 'student']);
  });

  it('lets back-to-back periods pass, either way round', () => {
    expect(kinds(base, other({ teacherId: 1, roomId: 1, startMin: 570, endMin: 615 }))).toEqual([]);
    expect(kinds(base, other({ teacherId: 1, roomId: 1, startMin: 435, endMin: 480 }))).toEqual([]);
  });

  it('catches the same start, containment both ways, and a partial overlap', () => {
    expect(kinds(base, other({ teacherId: 1, startMin: 480, endMin: 525 }))).toEqual(['teacher']);
    expect(kinds(base, other({ teacherId: 1, startMin: 490, endMin: 500 }))).toEqual(['teacher']);
    expect(kinds(base, other({ teacherId: 1, startMin: 400, endMin: 700 }))).toEqual(['teacher']);
    expect(kinds(base, other({ teacherId: 1, startMin: 569, endMin: 600 }))).toEqual(['teacher']);
    expect(kinds(base, other({ teacherId: 1, weekday: 2 }))).toEqual([]);
  });

  it('respects odd and even weeks', () => {
    expect(kinds({ ...base, weekPattern: 'odd' }, other({ teacherId: 1, weekPattern: 'even' }))).toEqual([]);
    expect(kinds({ ...base, weekPattern: 'odd' }, other({ teacherId: 1, weekPattern: 'odd' }))).toEqual(['teacher']);
    const mixed = compareEntries({ ...base, weekPattern: 'all', weekEnd: 6 }, other({ teacherId: 1, weekPattern: 'even' }));
    expect(mixed[0]?.weeks).toEqual([2, 4, 6]);
  });

  it('needs the week ranges to overlap', () => {
    expect(kinds({ ...base, weekStart: 1, weekEnd: 8 }, other({ teacherId: 1, weekStart: 9, weekEnd: 16 }))).toEqual([]);
    expect(kinds({ ...base, weekStart: 1, weekEnd: 9 }, other({ teacherId: 1, weekStart: 9, weekEnd: 16 }))).toEqual(['teacher']);
  });

  it('takes parity within the overlap: all∩odd over week 2 alone is no clash', () => {
    const a = { ...base, weekStart: 1, weekEnd: 2, weekPattern: 'all' as const };
    expect(kinds(a, other({ teacherId: 1, weekStart: 2, weekEnd: 2, weekPattern: 'odd' }))).toEqual([]);
    expect(kinds(a, other({ teacherId: 1, weekStart: 2, weekEnd: 5, weekPattern: 'odd' }))).toEqual([]);
    expect(kinds(a, other({ teacherId: 1, weekStart: 2, weekEnd: 5, weekPattern: 'even' }))).toEqual(['teacher']);
  });

  it('lets the entries of a co-taught lesson share room and students, nothing else', () => {
    const partner = { ...base, id: 2, teacherId: 2 };
    expect(kinds(base, partner)).toEqual([]);
    expect(kinds(partner, base)).toEqual([]);
    // Another course, another room, other times or weeks, or the same teacher twice: clashes as ever.
    expect(kinds(base, { ...partner, courseId: 2 })).toEqual(['room', 'student']);
    expect(kinds(base, { ...partner, roomId: 2 })).toEqual(['student']);
    expect(kinds(base, { ...partner, startMin: 500 })).toEqual(['room', 'student']);
    expect(kinds(base, { ...partner, weekPattern: 'odd' })).toEqual(['room', 'student']);
    expect(kinds(base, { ...partner, teacherId: 1 })).toEqual(['teacher', 'room', 'student']);
  });

  it('never compares an entry with itself', () => {
    expect(kinds(base, { ...base })).toEqual([]);
    expect(kinds({ ...base, id: 0 }, { ...base, id: 0 })).toEqual(['teacher', 'room', 'student']);
  });
});
