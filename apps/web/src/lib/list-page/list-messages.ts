import { FIELD_LABELS, LOCALES, VALUE_LABELS, type Locale } from '@campus/contract';
import { listEnUS } from '../../locale/list-en-us';
import { listZhCN } from '../../locale/list-zh-cn';
import { registerMessages, type MessageBook } from '../i18n';

/**
 * The toolkit's book: its own texts plus the contract's column and value labels,
 * so table headers, forms and the server's export headers read the same.
 */
export function buildListBook(): MessageBook {
  const book: MessageBook = { 'zh-CN': { ...listZhCN }, 'en-US': { ...listEnUS } };
  const add = (key: string, label: Record<Locale, string>) => {
    for (const locale of LOCALES) book[locale][key] = label[locale];
  };
  const fieldSets: Record<string, Record<string, Record<Locale, string>>> = FIELD_LABELS;
  const valueSets: Record<string, Record<string, Record<Locale, string>>> = VALUE_LABELS;
  for (const [resource, fields] of Object.entries(fieldSets))
    for (const [field, label] of Object.entries(fields)) add(`field.${resource}.${field}`, label);
  for (const [set, values] of Object.entries(valueSets))
    for (const [value, label] of Object.entries(values)) add(`value.${set}.${value}`, label);
  return book;
}

registerMessages(buildListBook());
