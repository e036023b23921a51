import { describe, expect, it } from 'vitest';
import { validateBody } from '../../lib/form/field-errors';
import { roleFormCreateSchema, roleFormUpdateSchema, toRoleBody } from './role-scope-fields';

const role = { name: '年级教务', code: 'grade_office', sort: 0, status: 'active' };

describe('the role form’s data scope', () => {
  it('asks for the grades or classes under their own fields, as the server would word it', () => {
    const labels = { scopeGradeIds: '年级', scopeClassIds: '班级' };
    expect(validateBody(roleFormCreateSchema, { ...role, scopeKind: 'grades', scopeGradeIds: [] }, 'zh-CN', labels)).toEqual({
      scopeGradeIds: '年级：不能为空',
    });
    expect(validateBody(roleFormUpdateSchema, { scopeKind: 'classes', scopeClassIds: '' }, 'en-US', { scopeClassIds: 'Classes' })).toEqual({
      scopeClassIds: 'Classes: is required',
    });
    expect(validateBody(roleFormCreateSchema, { ...role, scopeKind: 'grades', scopeGradeIds: [3] }, 'zh-CN', labels)).toEqual({});
    expect(validateBody(roleFormCreateSchema, { ...role, scopeKind: 'campus', scopeGradeIds: [] }, 'zh-CN', labels)).toEqual({});
  });

  it('folds the fields into the contract’s dataScope', () => {
    expect(toRoleBody({ ...role, scopeKind: 'grades', scopeGradeIds: ['3'], scopeClassIds: [] })).toEqual({
      ...role,
      dataScope: { kind: 'grades', gradeIds: [3] },
    });
  });
});
