import { GRADES } from './demo-catalogue.js';
import type { CampusPlan } from './demo-rows.js';

// The demo's grades and classes (行政班), decided from a campus plan alone: every
// student of a grade and class name sits in one class; last summer's graduates
// in a graduated class of the year before. Head teachers are active teachers,
// one class each; home rooms are the classrooms, one class each.

export interface GradePlan {
  name: string;
  order: number;
}

export interface ClassPlan {
  grade: number;
  name: string;
  headTeacher: number | null;
  room: number | null;
  capacity: number;
  schoolYear: string;
  status: 'active' | 'graduated';
}

export interface ClassesPlan {
  grades: GradePlan[];
  classes: ClassPlan[];
  /** The class of each student of the plan, by index. */
  studentClass: number[];
  /**
   * The class whose head teacher becomes the demo head teacher's account: the
   * first 高一 class, headed by the teacher whose current courses reach the
   * fewest classes (so "my classes" is that class and little else).
   */
  demoClass: number;
}

const previousYear = (year: string) => {
  const [from] = year.split('-').map(Number);
  return from ? `${from - 1}-${from}` : '';
};

export function planClasses(plan: CampusPlan): ClassesPlan {
  const grades = GRADES.map((name, i) => ({ name, order: i + 1 }));
  const schoolYear = plan.terms.current.academicYear;
  const classes: ClassPlan[] = [];
  const index = new Map<string, number>();
  const studentClass = plan.students.map((s) => {
    const isGraduate = s.status === 'graduated';
    const key = `${isGraduate ? 'g' : 'a'}:${s.grade}:${s.className ?? ''}`;
    let at = index.get(key);
    if (at === undefined) {
      at = classes.length;
      index.set(key, at);
      classes.push({
        grade: GRADES.indexOf(s.grade),
        name: s.className ?? '',
        headTeacher: null,
        room: null,
        capacity: 50,
        schoolYear: isGraduate ? previousYear(schoolYear) : schoolYear,
        status: isGraduate ? 'graduated' : 'active',
      });
    }
    return at;
  });

  // Distinct classes each active teacher's current courses reach: the fewest first heads the demo class.
  const reach = plan.teachers.map(() => new Set<number>());
  for (const e of plan.enrolments) {
    const course = plan.courses[e.course];
    if (course?.term === 'current') reach[course.teacher]?.add(studentClass[e.student] ?? -1);
  }
  const teachers = plan.teachers
    .flatMap((t, i) => (t.status === 'active' ? [i] : []))
    .sort((a, b) => (reach[a]?.size ?? 0) - (reach[b]?.size ?? 0) || a - b);
  const active = classes
    .flatMap((c, i) => (c.status === 'active' ? [i] : []))
    .sort((a, b) => (classes[a]?.grade ?? 0) - (classes[b]?.grade ?? 0) || (classes[a]?.name ?? '').localeCompare(classes[b]?.name ?? ''));
  const classrooms = plan.rooms.flatMap((r, i) => (/^[AB]\d/.test(r.code ?? '') ? [i] : []));
  active.forEach((c, n) => {
    const row = classes[c];
    if (!row) return;
    row.headTeacher = teachers[n] ?? null;
    row.room = classrooms[n] ?? null;
  });
  return { grades, classes, studentClass, demoClass: active[0] ?? 0 };
}
