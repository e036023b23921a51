import { describe, expect, it } from 'vitest';
import { formatClockTime, formatCount, formatDateTime } from './format';

describe('formatCount', () => {
  it('groups thousands with a comma, as both languages write them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(20000)).toBe('20,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1234567)).toBe('-1,234,567');
    expect(formatCount(12345.678)).toBe('12,345.678');
  });

  it('writes what en-US Intl writes, for any integer', () => {
    for (const n of [7, 42, 512, 4096, 65536, 1048576, 123456789, 9007199254740991]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatDateTime and formatClockTime', () => {
  it('write a moment in the console’s own pattern, whatever the browser’s locale', () => {
    const at = new Date(2026, 10, 28, 15, 4, 5);
    expect(formatDateTime(at)).toBe('2026-11-28 15:04');
    expect(formatDateTime(at.toISOString())).toBe('2026-11-28 15:04');
    expect(formatClockTime(at.getTime())).toBe('15:04:05');
  });

  it('writes seconds when asked, a dash for no time, and text that is no time as it is', () => {
    expect(formatDateTime(new Date(2026, 10, 28, 15, 4, 5), { hasSeconds: true })).toBe('2026-11-28 15:04:05');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});
