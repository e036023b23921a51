import { describe, expect, it } from 'vitest';
import { buildTimetableIcs, buildVtimezone, escapeText, findUtcOffset, foldLine, localToUtc } from './ics.js';

describe('ics building blocks', () => {
  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'高一数学（必修）'.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const p of physical) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('writes one fixed observance for Asia/Shanghai and real transitions for a zone with daylight saving', () => {
    const from = Date.parse('2026-08-24T00:00:00Z');
    const to = Date.parse('2027-01-27T00:00:00Z');
    expect(buildVtimezone('Asia/Shanghai', from, to)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Shanghai',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0800',
      'TZOFFSETTO:+0800',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    const berlin = buildVtimezone('Europe/Berlin', from, to).join('\n');
    // summer time ends on 25 Oct 2026 at 03:00 local summer time
    expect(berlin).toContain('BEGIN:DAYLIGHT\nDTSTART:19700101T000000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0200');
    expect(berlin).toContain('BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100');
  });

  it('converts local times to UTC across a transition', () => {
    expect(findUtcOffset('Asia/Shanghai', Date.parse('2026-09-01T00:00:00Z'))).toBe(480);
    expect(new Date(localToUtc('Asia/Shanghai', '2026-09-07', 480)).toISOString()).toBe('2026-09-07T00:00:00.000Z');
    expect(new Date(localToUtc('Europe/Berlin', '2026-10-26', 480)).toISOString()).toBe('2026-10-26T07:00:00.000Z');
  });

  it('starts odd-week events at the first odd week inside the term and repeats every second week', () => {
    const text = buildTimetableIcs({
      name: 'Test',
      timezone: 'Asia/Shanghai',
      // Tuesday start: the Monday of week 1 is before the term
      term: { startDate: '2026-09-01', endDate: '2027-01-20' },
      uidDomain: 'example.test',
      entries: [
        {
          id: 7,
          courseName: 'Maths, advanced',
          courseCode: 'M1',
          teacherName: 'Li',
          roomCode: 'A101',
          roomName: 'Room',
          weekday: 1,
          startMin: 480,
          endMin: 525,
          weekStart: 1,
          weekEnd: 21,
          weekPattern: 'odd',
          updatedAt: new Date('2026-08-20T02:03:04Z'),
        },
      ],
    });
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20260914T080000\r\n');
    expect(text).toContain('DTEND;TZID=Asia/Shanghai:20260914T084500\r\n');
    // week 21's Monday is 18 Jan 2027; 08:45 local is 00:45 UTC
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20270118T004500Z\r\n');
    expect(text).toContain('SUMMARY:Maths\\, advanced\r\n');
    expect(text).toContain('DTSTAMP:20260820T020304Z\r\n');
    expect(text).toContain('UID:schedule-entry-7@example.test\r\n');
  });
});
