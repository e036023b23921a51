import { describe, expect, it } from 'vitest';
import { describeReferences } from './grants.js';

describe('what a refused delete is still used by', () => {
  it('reads in each language with its own punctuation', () => {
    const refs = [
      { kind: 'role' as const, count: 3, examples: ['教务员', '教师'] },
      { kind: 'user' as const, count: 1, examples: ['li'] },
    ];
    expect(describeReferences(refs, 'zh-CN')).toBe('角色 ×3（教务员、教师、…）；用户 ×1（li）');
    expect(describeReferences(refs, 'en-US')).toBe('roles ×3 (教务员, 教师, …); users ×1 (li)');
  });
});
