import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { describeWelcomeDate } from './welcome-date';

describe('describeWelcomeDate', () => {
  // 20:00 on Monday in the browser is already Tuesday 04:00 on a campus in Asia/Shanghai.
  const browserNow = dayjs('2026-12-07T20:00:00');

  it("says the campus's day once the overview has answered", () => {
    expect(describeWelcomeDate('2026-12-08', browserNow)).toBe('2026-12-08 Tuesday');
  });

  it("says the browser's day until then, or when the answer is not a date", () => {
    expect(describeWelcomeDate(undefined, browserNow)).toBe('2026-12-07 Monday');
    expect(describeWelcomeDate('not a date', browserNow)).toBe('2026-12-07 Monday');
  });
});
