import fc from 'fast-check';
import type { Activity, Constraint, Plan, Placement, StudentSet } from '../model.js';

/** A small school with a timetable planted in it: every hard rule added is one the planted timetable keeps. */
export interface PlantedPlan {
  plan: Plan;
  planted: Placement[];
}

interface Shape {
  days: number;
  hours: number;
  teachers: number;
  classes: number;
  split: boolean;
  rooms: number;
  fill: number;
  seed: number;
  rules: number[];
}

/** Deterministic little generator so a shape fully decides the plan (fast-check shrinks the shape). */
function makeRandom(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

export function buildPlantedPlan(shape: Shape): PlantedPlan {
  const random = makeRandom(shape.seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const D = shape.days;
  const H = shape.hours;
  const studentSets: StudentSet[] = [];
  const classAtoms: string[][] = [];
  for (let c = 0; c < shape.classes; c++) {
    studentSets.push({ id: `c${c}`, name: `Class ${c}`, kind: 'year', parentIds: [] });
    if (shape.split) {
      studentSets.push({ id: `c${c}a`, name: `Class ${c} A`, kind: 'group', parentIds: [`c${c}`] });
      studentSets.push({ id: `c${c}b`, name: `Class ${c} B`, kind: 'group', parentIds: [`c${c}`] });
      classAtoms.push([`c${c}a`, `c${c}b`]);
    } else classAtoms.push([`c${c}`]);
  }
  const teacherBusy = Array.from({ length: shape.teachers }, () => new Set<number>());
  const atomBusy = new Map<string, Set<number>>();
  const roomBusy = Array.from({ length: shape.rooms }, () => new Set<number>());
  const activities: Activity[] = [];
  const planted: Placement[] = [];
  const slots = D * H;
  // Lessons of length 1 or 2, each for a whole class or (split) one half, planted where teacher and students are free.
  for (let c = 0; c < shape.classes; c++) {
    for (let s = 0; s < slots; s++) {
      if (random() > shape.fill) continue;
      const duration = s % H < H - 1 && random() < 0.25 ? 2 : 1;
      const sets = shape.split && random() < 0.4 ? [pick(classAtoms[c] ?? [])] : [`c${c}`];
      const atoms = sets.flatMap((id) => (id === `c${c}` ? (classAtoms[c] ?? []) : [id]));
      const covered = Array.from({ length: duration }, (_, k) => s + k);
      if (atoms.some((a) => covered.some((x) => atomBusy.get(a)?.has(x)))) continue;
      const teachers = Array.from({ length: shape.teachers }, (_, i) => i).filter((t) => covered.every((x) => !teacherBusy[t]?.has(x)));
      if (teachers.length === 0) continue;
      const t = pick(teachers);
      const freeRooms = Array.from({ length: shape.rooms }, (_, i) => i).filter((r) => covered.every((x) => !roomBusy[r]?.has(x)));
      const room = freeRooms.length > 0 && random() < 0.6 ? pick(freeRooms) : -1;
      for (const x of covered) {
        teacherBusy[t]?.add(x);
        if (room >= 0) roomBusy[room]?.add(x);
        for (const a of atoms) {
          const set = atomBusy.get(a) ?? new Set<number>();
          set.add(x);
          atomBusy.set(a, set);
        }
      }
      const id = `a${activities.length + 1}`;
      activities.push({
        id,
        externalId: activities.length + 1,
        subjectId: `sub${activities.length % 3}`,
        teacherIds: [`t${t}`],
        studentSetIds: sets,
        tagIds: [],
        duration,
      });
      const placement: Placement = { activityId: id, day: Math.floor(s / H) + 1, period: (s % H) + 1 };
      if (room >= 0) placement.roomId = `r${room}`;
      planted.push(placement);
    }
  }
  const startOf = new Map(planted.map((p) => [p.activityId, (p.day - 1) * H + (p.period - 1)]));
  const dayOf = (id: string): number => Math.floor((startOf.get(id) ?? 0) / H);
  const constraints: Constraint[] = [];
  for (const rule of shape.rules) {
    const kind = rule % 9;
    const a = activities[Math.floor(random() * Math.max(1, activities.length))];
    if (!a) break;
    switch (kind) {
      case 0: {
        // A teacher is not available where the planted timetable has them free.
        const t = Math.floor(random() * shape.teachers);
        const free = Array.from({ length: slots }, (_, i) => i).filter((x) => !teacherBusy[t]?.has(x) && random() < 0.5);
        if (free.length)
          constraints.push({
            type: 'notAvailable',
            weight: 100,
            target: { kind: 'teacher', teacherId: `t${t}` },
            slots: free.map((x) => ({ day: Math.floor(x / H) + 1, period: (x % H) + 1 })),
          });
        break;
      }
      case 1: {
        const t = Math.floor(random() * shape.teachers);
        let most = 0;
        for (let d = 0; d < D; d++) most = Math.max(most, [...(teacherBusy[t] ?? [])].filter((x) => Math.floor(x / H) === d).length);
        constraints.push({ type: 'maxHoursDaily', weight: 100, target: { kind: 'teacher', teacherId: `t${t}` }, maxHours: most });
        break;
      }
      case 2: {
        // Two lessons of one class and teacher on different days in the plant: keep them apart.
        const b = activities.find((x) => x !== a && x.teacherIds[0] === a.teacherIds[0] && dayOf(x.id) !== dayOf(a.id));
        if (b)
          constraints.push({
            type: 'minDaysBetweenActivities',
            weight: random() < 0.5 ? 100 : 95,
            activityIds: [a.id, b.id],
            minDays: Math.abs(dayOf(a.id) - dayOf(b.id)),
            consecutiveIfSameDay: random() < 0.5,
          });
        break;
      }
      case 3: {
        const start = startOf.get(a.id) ?? 0;
        const extra = Math.floor(random() * slots);
        const list = [...new Set([start, extra])].filter((x) => (x % H) + a.duration <= H);
        constraints.push({
          type: 'preferredStartingTimes',
          weight: random() < 0.5 ? 100 : 80,
          activities: { activityIds: [a.id] },
          slots: list.map((x) => ({ day: Math.floor(x / H) + 1, period: (x % H) + 1 })),
        });
        break;
      }
      case 4: {
        const room = planted.find((p) => p.activityId === a.id)?.roomId;
        if (room)
          constraints.push({
            type: 'preferredRooms',
            weight: 100,
            activities: { activityIds: [a.id] },
            roomIds: [room, `r${Math.floor(random() * shape.rooms)}`],
          });
        break;
      }
      case 5: {
        // Lessons planted at the same start with nothing shared: they start together.
        const atomsOf = (x: Activity): string[] =>
          x.studentSetIds.flatMap((id) => (/^c\d+$/.test(id) ? (classAtoms[Number(id.slice(1))] ?? []) : [id]));
        const b = activities.find(
          (x) =>
            x !== a &&
            startOf.get(x.id) === startOf.get(a.id) &&
            x.teacherIds[0] !== a.teacherIds[0] &&
            !atomsOf(x).some((s) => atomsOf(a).includes(s)),
        );
        if (b) constraints.push({ type: 'sameStartingTime', weight: 100, activityIds: [a.id, b.id] });
        break;
      }
      case 6: {
        const t = Math.floor(random() * shape.teachers);
        const days = new Set([...(teacherBusy[t] ?? [])].map((x) => Math.floor(x / H))).size;
        constraints.push({ type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: `t${t}` }, maxDays: days });
        break;
      }
      case 7: {
        // Gaps of a class in the plant, as a weekly limit.
        const c = Math.floor(random() * shape.classes);
        const atom = classAtoms[c]?.[0] ?? '';
        let gaps = 0;
        for (let d = 0; d < D; d++) {
          const hours = [...(atomBusy.get(atom) ?? [])].filter((x) => Math.floor(x / H) === d).map((x) => x % H);
          if (hours.length) gaps += Math.max(...hours) - Math.min(...hours) + 1 - hours.length;
        }
        constraints.push({ type: 'maxGapsPerWeek', weight: 100, target: { kind: 'studentSet', studentSetId: atom }, maxGaps: gaps });
        break;
      }
      case 8:
        constraints.push({ type: 'maxHoursDaily', weight: 70, target: { kind: 'studentSet' }, maxHours: Math.max(1, H - 2) });
        break;
    }
  }
  const plan: Plan = {
    name: 'planted',
    days: Array.from({ length: D }, (_, i) => ({ name: `Day ${i + 1}` })),
    periods: Array.from({ length: H }, (_, i) => ({ name: `P${i + 1}` })),
    subjects: [0, 1, 2].map((i) => ({ id: `sub${i}`, name: `Subject ${i}` })),
    activityTags: [],
    teachers: Array.from({ length: shape.teachers }, (_, i) => ({ id: `t${i}`, name: `Teacher ${i}` })),
    studentSets,
    buildings: [],
    rooms: Array.from({ length: shape.rooms }, (_, i) => ({ id: `r${i}`, name: `Room ${i}` })),
    activities,
    constraints,
  };
  return { plan, planted };
}

/** fast-check arbitrary of small planted plans. */
export function plantedPlanArbitrary(size: 'tiny' | 'small' = 'small'): fc.Arbitrary<PlantedPlan> {
  const tiny = size === 'tiny';
  return fc
    .record({
      days: fc.integer({ min: tiny ? 1 : 2, max: tiny ? 2 : 5 }),
      hours: fc.integer({ min: 2, max: tiny ? 3 : 6 }),
      teachers: fc.integer({ min: 1, max: tiny ? 2 : 5 }),
      classes: fc.integer({ min: 1, max: tiny ? 2 : 4 }),
      split: fc.boolean(),
      rooms: fc.integer({ min: 1, max: 3 }),
      fill: fc.double({ min: 0.2, max: tiny ? 0.6 : 0.9, noNaN: true }),
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      rules: fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: tiny ? 4 : 12 }),
    })
    .map(buildPlantedPlan);
}
