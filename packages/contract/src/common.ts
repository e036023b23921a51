import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';
import { idField, intField, listField } from './fields.js';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const okSchema = envelopeSchema(z.null());

export const errorSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
});

export const idParamsSchema = z.strictObject({ id: idField() });

export const idsBodySchema = z.strictObject({ ids: listField(idField()).pipe(z.array(z.number()).min(1).max(1000)) });

export const pageQueryShape = {
  page: intField().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: intField().pipe(z.number().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
};

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
