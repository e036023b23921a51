import { describe, expect, it } from 'vitest';
import { validateBody } from '../../lib/form/field-errors';
import { userCreateFormSchema, userUpdateFormSchema } from './user-form-schema';

const labels = { roleIds: '角色', campusIds: '校区' };

describe('the user form', () => {
  it('asks for a role and a campus, which its fields are marked as needing', () => {
    // As the form sends an empty multiselect: ''.
    expect(
      validateBody(userCreateFormSchema, { username: 'new.teacher', nickname: '新老师', roleIds: '', campusIds: '' }, 'zh-CN', labels),
    ).toEqual({
      roleIds: '角色：不能为空',
      campusIds: '校区：不能为空',
    });
    expect(validateBody(userUpdateFormSchema, { nickname: '新老师', roleIds: [2], campusIds: '' }, 'zh-CN', labels)).toEqual({
      campusIds: '校区：不能为空',
    });
    expect(
      validateBody(userCreateFormSchema, { username: 'new.teacher', nickname: '新老师', roleIds: [2], campusIds: [1] }, 'zh-CN', labels),
    ).toEqual({});
  });
});
