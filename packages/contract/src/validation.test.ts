import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { studentCreateSchema, studentUpdateSchema } from './educate.js';
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

  it('refuses a student enrolled before their birth, on the enrolment date', () => {
    const student = { studentNo: 'A1', name: 'x', gender: 'male', status: 'enrolled', birthDate: '2020-03-01' };
    expect(messages(studentCreateSchema, { ...student, enrolDate: '2010-09-01' }, 'zh-CN')).toEqual(['enrolDate：不能早于出生日期']);
    expect(messages(studentUpdateSchema, { birthDate: '2020-03-01', enrolDate: '2010-09-01' })).toEqual([
      'enrolDate: must not be before the birth date',
    ]);
    expect(messages(studentCreateSchema, { ...student, enrolDate: '2026-09-01' })).toEqual([]);
    expect(messages(studentUpdateSchema, { enrolDate: '2010-09-01' })).toEqual([]);
  });

  it('speaks Chinese by default texts', () => {
    expect(messages(z.strictObject({ n: z.number().min(3) }), { n: 1 }, 'zh-CN')).toEqual(['n：不能小于 3']);
    expect(messages(z.strictObject({ n: z.number() }), { n: 1, extra: 2 }, 'zh-CN')).toEqual(['不允许的字段：extra']);
  });
});
