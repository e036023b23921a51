import type { Translate } from './i18n';

export interface TermNaming {
  name: string;
  academicYear: string;
}

/** A term as people tell it from the same term of another year: "2026-2027 第一学期". */
export function formatTermLabel(t: Translate, term: TermNaming): string {
  return t('term.label', { year: term.academicYear, name: term.name });
}
