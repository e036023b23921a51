import { describe, expect, it } from 'vitest';
import { isTypedInText } from './option-search';

describe('isTypedInText', () => {
  it('finds the typed text anywhere in the option, ignoring case and surrounding spaces', () => {
    expect(isTypedInText('2026-2027 第一学期', '第一')).toBe(true);
    expect(isTypedInText('Grade 7 · Class A', ' class a ')).toBe(true);
    expect(isTypedInText('2026-2027 第一学期', '第二')).toBe(false);
  });

  it('matches nothing that is not text (an option drawn as an element, or without a label)', () => {
    expect(isTypedInText(undefined, 'a')).toBe(false);
    expect(isTypedInText(12, '12')).toBe(false);
  });
});
