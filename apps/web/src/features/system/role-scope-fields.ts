import { DATA_SCOPE_KINDS, Perm, roleCreateSchema, roleUpdateSchema, type DataScopeKind, type Role } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { FormFieldDef } from '../../lib/form/schema-form';
import type { Translate } from '../../lib/i18n';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { fetchScopeChoices, systemKeys } from './system-api';

// A role's data scope in the role form: three flat fields (kind, grades, classes) the form can hold,
// folded into the contract's `dataScope` object on save.

const scopeShape = {
  scopeKind: z.enum(DATA_SCOPE_KINDS).optional(),
  // A cleared multiselect reads as ''; the server checks the folded `dataScope`.
  scopeGradeIds: z.unknown().optional(),
  scopeClassIds: z.unknown().optional(),
};
const hasIds = (v: unknown) => Array.isArray(v) && v.length > 0;
// The contract's rule on the folded `dataScope`, on the fields that hold it: the server's answer names
// `dataScope.gradeIds`, which no field of the form is, so it stood in an alert over the form.
const checkScopeIds = (v: { scopeKind?: string; scopeGradeIds?: unknown; scopeClassIds?: unknown }, ctx: z.RefinementCtx) => {
  if (v.scopeKind === 'grades' && !hasIds(v.scopeGradeIds))
    ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['scopeGradeIds'] });
  if (v.scopeKind === 'classes' && !hasIds(v.scopeClassIds))
    ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['scopeClassIds'] });
};
export const roleFormCreateSchema = roleCreateSchema.omit({ dataScope: true }).extend(scopeShape).superRefine(checkScopeIds);
export const roleFormUpdateSchema = roleUpdateSchema.omit({ dataScope: true }).extend(scopeShape).superRefine(checkScopeIds);

/** The form's values of a role. */
export function toRoleForm(role: Role): Record<string, unknown> {
  return {
    ...role,
    scopeKind: role.dataScope.kind,
    scopeGradeIds: role.dataScope.gradeIds ?? [],
    scopeClassIds: role.dataScope.classIds ?? [],
  };
}

/** The request body of the form's values: `dataScope` as the contract has it. */
export function toRoleBody(body: Record<string, unknown>): Record<string, unknown> {
  const { scopeKind, scopeGradeIds, scopeClassIds, ...rest } = body;
  if (typeof scopeKind !== 'string' || scopeKind === '') return rest;
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  const dataScope =
    scopeKind === 'grades'
      ? { kind: scopeKind, gradeIds: ids(scopeGradeIds) }
      : scopeKind === 'classes'
        ? { kind: scopeKind, classIds: ids(scopeClassIds) }
        : { kind: scopeKind };
  return { ...rest, dataScope };
}

export const scopeKindLabel = (t: Translate, kind: DataScopeKind) => t(`sys.role.scope.${kind}`);

/** The scope fields, their grade and class choices from the current campus. */
export function useScopeFields(t: Translate): FormFieldDef[] {
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const can = usePermission();
  // Asked for only by those who can read grades and classes: no 403 in anyone's console.
  const choices = useQuery({
    queryKey: systemKeys.roleScopeChoices(camId),
    queryFn: fetchScopeChoices,
    enabled: can([Perm.gradeList]) && can([Perm.classList]),
  });
  return [
    {
      name: 'scopeKind',
      label: t('sys.role.scope'),
      kind: 'select',
      options: DATA_SCOPE_KINDS.map((k) => ({ value: k, label: scopeKindLabel(t, k) })),
    },
    { name: 'scopeGradeIds', label: t('sys.role.scopeGrades'), kind: 'multiselect', options: choices.data?.grades ?? [], isWide: true },
    { name: 'scopeClassIds', label: t('sys.role.scopeClasses'), kind: 'multiselect', options: choices.data?.classes ?? [], isWide: true },
  ];
}
