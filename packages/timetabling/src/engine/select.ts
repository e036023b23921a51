import type { Activity, ActivitySelector, Plan, StudentSet } from '../model.js';

/**
 * The activities a selector names, in plan order. A student set filter follows FET: it takes every activity whose
 * students share a subgroup (atomic set) with the set — the set's own, its groups' and subgroups', and its year's
 * (a year's lesson is a lesson of each of its classes too). `onlyStudentSet` (home rooms) takes only activities
 * whose one set is exactly that set, as FET's home rooms do.
 */
export function selectActivities(
  plan: Plan,
  selector: ActivitySelector,
  componentOf: Map<string, number>,
  atomsOf: Map<string, number[]>,
): Activity[] {
  const ids = selector.activityIds ? new Set(selector.activityIds) : undefined;
  const setId = selector.studentSetId;
  const wanted = setId !== undefined && !selector.onlyStudentSet ? new Set(atomsOf.get(setId) ?? []) : undefined;
  const sharesStudents = (a: Activity): boolean =>
    a.studentSetIds.includes(setId ?? '') || a.studentSetIds.some((id) => (atomsOf.get(id) ?? []).some((g) => wanted?.has(g)));
  return plan.activities.filter((a) => {
    if (ids && !ids.has(a.id)) return false;
    if (selector.teacherId !== undefined) {
      if (!a.teacherIds.includes(selector.teacherId)) return false;
      if (selector.onlyTeacher && a.teacherIds.length !== 1) return false;
    }
    if (setId !== undefined) {
      if (selector.onlyStudentSet ? a.studentSetIds.length !== 1 || a.studentSetIds[0] !== setId : !sharesStudents(a)) return false;
    }
    if (selector.subjectId !== undefined && a.subjectId !== selector.subjectId) return false;
    if (selector.tagId !== undefined && !a.tagIds.includes(selector.tagId)) return false;
    if (selector.duration !== undefined && a.duration !== selector.duration) return false;
    if (selector.componentNumber !== undefined && (componentOf.get(a.id) ?? 1) !== selector.componentNumber) return false;
    return true;
  });
}

/** Each activity's place within its split group (1-based, by FET id then plan order); 1 for unsplit ones. */
export function componentNumbers(plan: Plan): Map<string, number> {
  const groups = new Map<string, Activity[]>();
  for (const a of plan.activities) {
    if (a.groupId === undefined) continue;
    const list = groups.get(a.groupId);
    if (list) list.push(a);
    else groups.set(a.groupId, [a]);
  }
  const result = new Map<string, number>();
  for (const list of groups.values()) {
    const ordered = list
      .map((a, i) => ({ a, i }))
      .sort((x, y) => (x.a.externalId ?? x.i) - (y.a.externalId ?? y.i) || x.i - y.i)
      .map((x) => x.a);
    ordered.forEach((a, i) => result.set(a.id, i + 1));
  }
  return result;
}

/**
 * The atomic student sets (FET's subgroups): a set without sub-sets is atomic; any other set stands for all the
 * atomic sets below it. Returns, for every set id, the indexes of its atomic sets.
 */
export function atomicStudentSets(sets: StudentSet[]): { atoms: StudentSet[]; atomsOf: Map<string, number[]> } {
  const childrenOf = new Map<string, string[]>();
  for (const set of sets) {
    for (const parentId of set.parentIds) {
      const list = childrenOf.get(parentId);
      if (list) list.push(set.id);
      else childrenOf.set(parentId, [set.id]);
    }
  }
  const byId = new Map(sets.map((s) => [s.id, s]));
  const atoms: StudentSet[] = [];
  const atomIndex = new Map<string, number>();
  for (const set of sets) {
    if (!childrenOf.has(set.id)) {
      atomIndex.set(set.id, atoms.length);
      atoms.push(set);
    }
  }
  const atomsOf = new Map<string, number[]>();
  const visit = (id: string, seen: Set<string>): number[] => {
    const cached = atomsOf.get(id);
    if (cached) return cached;
    const own = atomIndex.get(id);
    if (own !== undefined) {
      atomsOf.set(id, [own]);
      return [own];
    }
    const result = new Set<number>();
    seen.add(id);
    for (const child of childrenOf.get(id) ?? []) {
      if (seen.has(child) || !byId.has(child)) continue;
      for (const atom of visit(child, seen)) result.add(atom);
    }
    seen.delete(id);
    const list = [...result].sort((a, b) => a - b);
    atomsOf.set(id, list);
    return list;
  };
  for (const set of sets) visit(set.id, new Set());
  return { atoms, atomsOf };
}
