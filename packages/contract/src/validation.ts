import type { z } from 'zod';
import type { Locale } from './constants.js';
import { VALUE_LABELS } from './field-labels.js';
import { formatMessage, isMessageKey } from './messages.js';

export interface FieldError {
  field: string;
  msg: string;
}

const TYPE_NAMES: Record<string, Record<Locale, string>> = {
  string: { 'zh-CN': '文本', 'en-US': 'text' },
  number: { 'zh-CN': '数字', 'en-US': 'a number' },
  int: { 'zh-CN': '整数', 'en-US': 'an integer' },
  boolean: { 'zh-CN': '布尔值（true/false）', 'en-US': 'true or false' },
  array: { 'zh-CN': '数组', 'en-US': 'a list' },
  object: { 'zh-CN': '对象', 'en-US': 'an object' },
  date: { 'zh-CN': '日期', 'en-US': 'a date' },
};

const FORMAT_NAMES: Record<string, Record<Locale, string>> = {
  email: { 'zh-CN': '邮箱地址', 'en-US': 'email address' },
  date: { 'zh-CN': '日期 YYYY-MM-DD', 'en-US': 'date (YYYY-MM-DD)' },
  time: { 'zh-CN': '时间 HH:mm', 'en-US': 'time (HH:mm)' },
  datetime: { 'zh-CN': 'ISO 8601 时间', 'en-US': 'ISO 8601 timestamp' },
  url: { 'zh-CN': '网址', 'en-US': 'URL' },
  regex: { 'zh-CN': '规定格式', 'en-US': 'value of the required format' },
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function fieldName(path: readonly PropertyKey[], fallback: string): string {
  return path.length ? path.map(String).join('.') : fallback;
}

/**
 * Turns zod issues into messages that name the field and the rule, in the
 * caller's language. `input` lets a missing value read as "is required".
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], input: unknown, locale: Locale, fallbackField = 'body'): FieldError[] {
  return issues.map((issue) => {
    const field = fieldName(issue.path, fallbackField);
    return { field, msg: formatIssue(issue, field, input, locale) };
  });
}

/**
 * The allowed values of an enum. In Chinese, a set the contract labels reads as
 * its labels (男、女、其他: imports take those too); in English the codes are
 * the words (male, female, other) and stay as they are.
 */
function describeValues(values: readonly string[], locale: Locale): string {
  if (locale === 'zh-CN') {
    const set = Object.values(VALUE_LABELS).find((labels) => {
      const codes = Object.keys(labels);
      return codes.length === values.length && values.every((v) => codes.includes(v));
    }) as Record<string, Record<Locale, string>> | undefined;
    if (set) return values.map((v) => set[v]?.[locale] ?? v).join('、');
  }
  return values.join(', ');
}

function formatIssue(issue: z.core.$ZodIssue, field: string, input: unknown, locale: Locale): string {
  if (isMessageKey(issue.message)) return formatMessage(locale, issue.message, { field });
  switch (issue.code) {
    case 'invalid_type': {
      const v = valueAt(input, issue.path);
      if (v === undefined || v === null || v === '') return formatMessage(locale, 'rule.required', { field });
      if (issue.expected === 'int') return formatMessage(locale, 'rule.integer', { field });
      const expected = TYPE_NAMES[issue.expected]?.[locale] ?? issue.expected;
      return formatMessage(locale, 'rule.type', { field, expected });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? formatMessage(locale, 'rule.required', { field }) : formatMessage(locale, 'rule.minLength', { field, min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return formatMessage(locale, 'rule.minItems', { field, min });
      return formatMessage(locale, issue.inclusive === false ? 'rule.minExclusive' : 'rule.min', { field, min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return formatMessage(locale, 'rule.maxLength', { field, max });
      if (issue.origin === 'array' || issue.origin === 'set') return formatMessage(locale, 'rule.maxItems', { field, max });
      return formatMessage(locale, issue.inclusive === false ? 'rule.maxExclusive' : 'rule.max', { field, max });
    }
    case 'invalid_value': {
      const v = valueAt(input, issue.path);
      if (v === undefined || v === null || v === '') return formatMessage(locale, 'rule.required', { field });
      return formatMessage(locale, 'rule.oneOf', { field, values: describeValues(issue.values.map(String), locale) });
    }
    case 'invalid_format': {
      const format = FORMAT_NAMES[issue.format]?.[locale] ?? issue.format;
      return formatMessage(locale, 'rule.format', { field, format });
    }
    case 'invalid_union': {
      // A tagged union (a timetable constraint's `type`) given a tag it does not know, or a shape none accepts.
      const v = valueAt(input, issue.path);
      if (v === undefined || v === null || v === '') return formatMessage(locale, 'rule.required', { field });
      return formatMessage(locale, 'rule.noMatchingKind', { field });
    }
    case 'unrecognized_keys': {
      const prefix = issue.path.length ? `${issue.path.map(String).join('.')}.` : '';
      return formatMessage(locale, 'rule.unknownFields', { keys: issue.keys.map((k) => prefix + k).join(', ') });
    }
    default:
      return formatMessage(locale, 'rule.invalid', { field });
  }
}
