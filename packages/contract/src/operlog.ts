import { z } from 'zod';
import { pageQueryShape } from './common.js';
import { text } from './fields.js';
import { operlogChangeSchema, operlogTargetSchema } from './operlog-text.js';

export const operlogQuerySchema = z.strictObject({
  ...pageQueryShape,
  username: text().trim().max(64).optional(),
  module: text().trim().max(64).optional(),
  action: text().trim().max(64).optional(),
  status: z.enum(['success', 'fail']).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type OperlogQuery = z.infer<typeof operlogQuerySchema>;

export const operlogItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  camId: z.number().int().nullable(),
  module: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  params: z.unknown(),
  status: z.number().int(),
  code: z.number().int(),
  msg: z.string(),
  durationMs: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  /** The operation in words, in the caller's language: "新增学生 司马长风（DC2026001）". */
  text: z.string(),
  /** Field by field, for updates. */
  changes: z.array(operlogChangeSchema),
  target: operlogTargetSchema.nullable(),
  /** The console page of the record, when it has one. */
  link: z.string().nullable(),
});
export type OperlogItem = z.infer<typeof operlogItemSchema>;
