import type { Tx } from '../db/client.js';
import { classes, courses, enrolments, grades, managers, rooms, scheduleEntries, students, teachers, terms } from '../db/schema/campus.js';
import { depts } from '../db/schema/system.js';
import { planClasses } from './demo-classes.js';
import { planCampus } from './demo-plan.js';

export interface DemoCampus {
  id: number;
  code: string;
}

/** The teacher who heads the first campus's first 高一 class: the demo head teacher's account links to them. */
export interface DemoHeadTeacher {
  camId: number;
  teacherId: number;
  name: string;
}

/** Maps a plan's array index to the id its row got; insert ... returning keeps the values' order. */
function createIdLookup(rows: readonly { id: number }[], expected: number, what: string): (index: number) => number {
  if (rows.length !== expected) throw new Error(`demo data: ${what} insert returned ${rows.length} of ${expected} rows`);
  return (index) => {
    const row = rows[index];
    if (!row) throw new Error(`demo data: no ${what} #${index}`);
    return row.id;
  };
}

/**
 * Fills each campus with a believable senior high school: two terms (the
 * current one contains `today`), rooms, teachers, office staff, about 250
 * students, courses with clash-free timetables and enrolments. Deterministic
 * for a given campus code and day, and a few thousand rows in all, so first
 * start stays quick.
 */
export async function seedDemoData(tx: Tx, campuses: readonly DemoCampus[], today: Date): Promise<DemoHeadTeacher | null> {
  let headTeacher: DemoHeadTeacher | null = null;
  const deptRows = await tx.select({ id: depts.id, name: depts.name }).from(depts);
  const deptIds = new Map(deptRows.map((d) => [d.name, d.id]));

  for (const campus of campuses) {
    const camId = campus.id;
    const plan = planCampus(campus.code, today);

    const termRows = await tx
      .insert(terms)
      .values([plan.terms.previous, plan.terms.current].map((t) => ({ ...t, camId })))
      .returning({ id: terms.id });
    const termId = createIdLookup(termRows, 2, 'term');
    const termIds = { previous: termId(0), current: termId(1) };

    const roomId = createIdLookup(
      await tx
        .insert(rooms)
        .values(plan.rooms.map((r) => ({ ...r, camId })))
        .returning({ id: rooms.id }),
      plan.rooms.length,
      'room',
    );
    const teacherId = createIdLookup(
      await tx
        .insert(teachers)
        .values(plan.teachers.map((t) => ({ ...t, camId })))
        .returning({ id: teachers.id }),
      plan.teachers.length,
      'teacher',
    );
    await tx.insert(managers).values(plan.managers.map(({ deptName, ...m }) => ({ ...m, camId, deptId: deptIds.get(deptName) ?? null })));
    const classPlan = planClasses(plan);
    const gradeId = createIdLookup(
      await tx
        .insert(grades)
        .values(classPlan.grades.map((g) => ({ ...g, camId })))
        .returning({ id: grades.id }),
      classPlan.grades.length,
      'grade',
    );
    const classId = createIdLookup(
      await tx
        .insert(classes)
        .values(
          classPlan.classes.map((c) => ({
            camId,
            gradeId: gradeId(c.grade),
            name: c.name,
            headTeacherId: c.headTeacher === null ? null : teacherId(c.headTeacher),
            roomId: c.room === null ? null : roomId(c.room),
            capacity: c.capacity,
            schoolYear: c.schoolYear,
            status: c.status,
          })),
        )
        .returning({ id: classes.id }),
      classPlan.classes.length,
      'class',
    );
    const demoHead = classPlan.classes[classPlan.demoClass]?.headTeacher;
    if (!headTeacher && demoHead !== null && demoHead !== undefined) {
      headTeacher = { camId, teacherId: teacherId(demoHead), name: plan.teachers[demoHead]?.name ?? '' };
    }
    const studentId = createIdLookup(
      await tx
        .insert(students)
        .values(plan.students.map((s, i) => ({ ...s, camId, classId: classId(classPlan.studentClass[i] ?? -1) })))
        .returning({ id: students.id }),
      plan.students.length,
      'student',
    );
    const courseId = createIdLookup(
      await tx
        .insert(courses)
        .values(plan.courses.map(({ term, teacher, ...c }) => ({ ...c, camId, termId: termIds[term], teacherId: teacherId(teacher) })))
        .returning({ id: courses.id }),
      plan.courses.length,
      'course',
    );
    if (plan.entries.length) {
      await tx.insert(scheduleEntries).values(
        plan.entries.map(({ course, room, teacher, ...e }) => ({
          ...e,
          camId,
          courseId: courseId(course),
          roomId: roomId(room),
          teacherId: teacherId(teacher),
        })),
      );
    }
    if (plan.enrolments.length) {
      await tx
        .insert(enrolments)
        .values(
          plan.enrolments.map((e) => ({ camId, courseId: courseId(e.course), studentId: studentId(e.student), createdAt: e.createdAt })),
        );
    }
  }
  return headTeacher;
}
