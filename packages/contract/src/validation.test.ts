import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { studentCreateSchema } from './educate.js';
import { formatIssues } from './validation.js';

const messages = (schema: z.ZodType, input: unknown, locale: 'zh-CN' | 'en-US' = 'en-US') => {
  const r = schema.safeParse(input);
  if (r.success) return [];
  return formatIssues(r.error.issues, input, locale).map((e) => e.msg);
};

describe('formatIssues', () => {
  it('says "is required" for a missing value, whatever the type', () => {
    const msgs = messages(studentCreateSchema, { name: 'x' });
    expect(msgs).toEqual(expect.arrayContaining(['studentNo: is required', 'gender: is required', 'status: is required']));
  });

  it('names the allowed values of an enum', () => {
    expect(messages(studentCreateSchema, { studentNo: 'A1', name: 'x', gender: 'x', status: 'enrolled' })).toEqual([
      'gender: must be one of male, female, other',
    ]);
  });

  it('speaks Chinese by default texts', () => {
    expect(messages(z.strictObject({ n: z.number().min(3) }), { n: 1 }, 'zh-CN')).toEqual(['n：不能小于 3']);
    expect(messages(z.strictObject({ n: z.number() }), { n: 1, extra: 2 }, 'zh-CN')).toEqual(['不允许的字段：extra']);
  });
});
