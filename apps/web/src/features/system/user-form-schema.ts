import { userCreateSchema, userUpdateSchema } from '@campus/contract';
import { z } from 'zod';

// The form asks for a role and a campus (its fields are marked required): a user saved without either could not sign in
// ("no campus") or do anything. The API takes an empty list, as it always has.
const askForRoleAndCampus = (v: { roleIds?: number[]; campusIds?: number[] }, ctx: z.RefinementCtx) => {
  if (!v.roleIds?.length) ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['roleIds'] });
  if (!v.campusIds?.length) ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['campusIds'] });
};

// The form takes the password as typed (blank: the server generates one); it is encrypted on the way out.
export const userCreateFormSchema = userCreateSchema
  .extend({ password: z.union([z.literal(''), z.string().min(8).max(128)]).optional() })
  .superRefine(askForRoleAndCampus);
export const userUpdateFormSchema = userUpdateSchema.superRefine(askForRoleAndCampus);
