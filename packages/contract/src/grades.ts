/**
 * Grades in the school's order, not the text order (高一, 高三, 高二). Grades
 * are free text on students until they become records of their own, so the
 * order is a known list; a grade outside it comes after the known ones, by name.
 * 七年级…九年级 are the same years as 初一…初三 (both namings are in use).
 */
const GRADE_RANKS: ReadonlyMap<string, number> = new Map(
  [
    ['一年级'],
    ['二年级'],
    ['三年级'],
    ['四年级'],
    ['五年级'],
    ['六年级'],
    ['初一', '七年级'],
    ['初二', '八年级'],
    ['初三', '九年级'],
    ['高一'],
    ['高二'],
    ['高三'],
  ].flatMap((names, rank) => names.map((name): [string, number] => [name, rank])),
);

const UNKNOWN_RANK = GRADE_RANKS.size;

export function rankGrade(grade: string): number {
  return GRADE_RANKS.get(grade.trim()) ?? UNKNOWN_RANK;
}

const collator = new Intl.Collator('zh-CN', { numeric: true });

export function compareGrades(a: string, b: string): number {
  return rankGrade(a) - rankGrade(b) || collator.compare(a, b);
}

/** Class names of one grade: 2班 before 10班. One collator: `localeCompare` with a locale builds one per call. */
export function compareClassNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Classes of a grade: 2班 before 10班. */
export function compareClasses(a: { grade: string; className: string }, b: { grade: string; className: string }): number {
  return compareGrades(a.grade, b.grade) || compareClassNames(a.className, b.className);
}
