import { describe, expect, it } from 'vitest';
import { formatIssues } from './validation.js';
import { deptCreateSchema, userCreateSchema } from './system.js';
import { managerCreateSchema, studentCreateSchema, teacherCreateSchema } from './educate.js';
import { isChinesePhone } from './phone.js';

describe('mainland phone numbers', () => {
  it.each([
    '13800138000',
    '138 0013 8000',
    '138-0013-8000',
    '+86 138 0013 8000',
    '+8613800138000',
    '008613800138000',
    '8613800138000',
    '19912345678',
    '010-62345678',
    '01062345678',
    '(010) 6234 5678',
    '021-1234567',
    '0755-87654321',
    '0755 8765 4321',
    '+86 10 62345678',
    '+86-755-87654321',
    '+86 010 62345678',
    '010-62345678-123',
    '010-62345678转123',
    '0755 8765 4321 ext. 12',
    '400-123-4567',
    '１３８００１３８０００',
  ])('accepts %s', (phone) => expect(isChinesePhone(phone)).toBe(true));

  it.each([
    '1371234',
    '12345',
    '12345678901',
    '23800138000',
    '+1 415 555 0100',
    'abc',
    '13800138000-12',
    '010-1234',
    '+86',
    '1380013800a',
    '',
  ])('refuses %s', (phone) => expect(isChinesePhone(phone)).toBe(false));

  it('is the rule of every form that has a phone, with a message naming the field', () => {
    const cases = [
      [studentCreateSchema, { studentNo: 'S1', name: 'a', gender: 'male', status: 'enrolled', guardianPhone: '12345' }, 'guardianPhone'],
      [teacherCreateSchema, { staffNo: 'T1', name: 'a', gender: 'male', status: 'active', phone: '1371234' }, 'phone'],
      [managerCreateSchema, { staffNo: 'M1', name: 'a', gender: 'male', status: 'active', phone: '1371234' }, 'phone'],
      [deptCreateSchema, { name: 'd', phone: '12345' }, 'phone'],
      [userCreateSchema, { username: 'abc', nickname: 'a', roleIds: [1], campusIds: [1], phone: '12345' }, 'phone'],
    ] as const;
    for (const [schema, body, field] of cases) {
      const parsed = schema.safeParse(body);
      expect(parsed.success).toBe(false);
      const [issue] = formatIssues(parsed.error?.issues ?? [], body, 'en-US');
      expect(issue).toEqual({ field, msg: expect.stringContaining(`${field}: is not a valid phone number`) });
      expect(schema.safeParse({ ...body, [field]: '+86 138 0013 8000' }).success).toBe(true);
      expect(schema.safeParse({ ...body, [field]: '' }).success).toBe(true);
    }
  });
});
