import { studentCreateSchema, termCreateSchema } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../request';
import { labelFieldMessage, readServerFieldErrors, readServerMessages, validateBody } from './field-errors';

describe('form messages from the contract', () => {
  it('words a missing required field as the server does, with the label', () => {
    const messages = validateBody(studentCreateSchema, { studentNo: '', name: 'A', gender: 'male', status: 'enrolled' }, 'en-US', {
      studentNo: 'Student No.',
    });
    expect(messages).toEqual({ studentNo: 'Student No.: is required' });
  });

  it('reports cross-field rules on the field the contract names', () => {
    const body = { name: 'T', academicYear: '2025-2026', startDate: '2026-02-01', endDate: '2026-01-01' };
    expect(validateBody(termCreateSchema, body, 'zh-CN', { endDate: '结束日期' })).toEqual({
      endDate: '结束日期：结束日期不能早于开始日期',
    });
  });

  it('maps a server 400 onto fields', () => {
    const error = new ApiError(400, 'x', 400, { errors: [{ field: 'email', msg: 'email: is not a valid email address' }] });
    expect(readServerFieldErrors(error, { email: 'Email' })).toEqual({ email: 'Email: is not a valid email address' });
    expect(readServerFieldErrors(new Error('x'), {})).toEqual({});
  });

  it("words a dialog's alert without the API's field name", () => {
    const wrong = new ApiError(400, 'code：验证码不正确或已使用', 400, { errors: [{ field: 'code', msg: 'code：验证码不正确或已使用' }] });
    expect(readServerMessages(wrong)).toBe('验证码不正确或已使用');
    expect(readServerMessages(new ApiError(409, 'Already on', 409, null))).toBe('Already on');
  });

  it('leaves messages about other fields alone', () => {
    expect(labelFieldMessage('name', 'Unknown field(s): camId', 'Name')).toBe('Unknown field(s): camId');
  });
});
