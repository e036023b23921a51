import { formatIssues, type Locale } from '@campus/contract';
import type { z } from 'zod';
import { ApiError } from '../request';

export type FieldMessages = Record<string, string>;

/**
 * The server and the contract both say "studentNo: is required"; under a form
 * field the API name reads as noise, so it becomes the field's label. Client
 * and server messages pass through here alike, so they read the same.
 */
export function labelFieldMessage(field: string, msg: string, label: string | undefined): string {
  const named = label ? splitFieldName(field, msg) : null;
  return named ? label + named.separator + named.rest : msg;
}

/** "studentNo: is required" as its separator and the rest, or null when the message does not lead with the field. */
function splitFieldName(field: string, msg: string): { separator: string; rest: string } | null {
  for (const separator of [': ', '：'])
    if (msg.startsWith(field + separator)) return { separator, rest: msg.slice(field.length + separator.length) };
  return null;
}

/** The contract schema's verdict on a body: the first message per field, as the server would word it. */
export function validateBody(
  schema: z.ZodType,
  body: Record<string, unknown>,
  locale: Locale,
  labels: Record<string, string>,
): FieldMessages {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const messages: FieldMessages = {};
  for (const e of formatIssues(parsed.error.issues, body, locale)) {
    if (!(e.field in messages)) messages[e.field] = labelFieldMessage(e.field, e.msg, labels[e.field]);
  }
  return messages;
}

function isFieldErrorList(value: unknown): value is { field: string; msg: string }[] {
  return Array.isArray(value) && value.every((e) => typeof e === 'object' && e !== null && 'field' in e && 'msg' in e);
}

/**
 * A server 400's messages without the API's field names ("code：验证码不正确" → "验证码不正确"), for a dialog's alert
 * over its one or two boxes; the error's own message when it names no field.
 */
export function readServerMessages(error: ApiError): string {
  const messages = Object.entries(readServerFieldErrors(error, {})).map(([field, msg]) => splitFieldName(field, msg)?.rest ?? msg);
  return messages.length ? messages.join('; ') : error.message;
}

/** The field messages of a server 400 (`data.errors`), keyed by field. */
export function readServerFieldErrors(error: unknown, labels: Record<string, string>): FieldMessages {
  if (!(error instanceof ApiError)) return {};
  const errors = (error.data as { errors?: unknown } | null | undefined)?.errors;
  if (!isFieldErrorList(errors)) return {};
  const messages: FieldMessages = {};
  for (const e of errors) {
    const field = String(e.field).replace(/^body\./, '');
    if (!(field in messages)) messages[field] = labelFieldMessage(field, String(e.msg), labels[field]);
  }
  return messages;
}
