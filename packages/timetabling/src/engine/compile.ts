import type { Plan, Target, TimeSlot } from '../model.js';
import { checkPlan, PlanError } from '../plan-check.js';
import { addAt, readConstraints } from './compile-rules.js';
import { compileRooms, compileUnits } from './compile-units.js';
import {
  isHardWeight,
  RES_COUNTER,
  RES_SUBGROUP,
  RES_TEACHER,
  RULE_EARLY,
  RULE_MAX_GAPS_PER_DAY,
  RULE_MAX_GAPS_PER_WEEK,
  RULE_MAX_HOURS_DAILY,
  type ImpossibleReason,
  type Problem,
} from './problem.js';
import { atomicStudentSets, componentNumbers } from './select.js';

/** Compiles a plan for the engine; throws PlanError when the plan does not hold together. */
export function compilePlan(plan: Plan): Problem {
  const issues = checkPlan(plan);
  if (issues.length > 0) throw new PlanError(issues);

  const nDays = plan.days.length;
  const nHours = plan.periods.length;
  const nSlots = nDays * nHours;
  const nActs = plan.activities.length;
  const slotOf = (t: TimeSlot): number => (t.day - 1) * nHours + (t.period - 1);
  const impossible: ImpossibleReason[] = [];

  // ---- resources: teachers, then atomic student sets (subgroups), then counters
  const teacherIndex = new Map(plan.teachers.map((t, i) => [t.id, i]));
  const { atoms, atomsOf } = atomicStudentSets(plan.studentSets);
  const nTeachers = plan.teachers.length;
  const nSubgroups = atoms.length;
  const resKindList: number[] = [];
  const resOwnerList: number[] = [];
  for (let t = 0; t < nTeachers; t++) {
    resKindList.push(RES_TEACHER);
    resOwnerList.push(t);
  }
  for (let g = 0; g < nSubgroups; g++) {
    resKindList.push(RES_SUBGROUP);
    resOwnerList.push(nTeachers + g);
  }
  const nClashRes = nTeachers + nSubgroups;
  const actClash: number[][] = plan.activities.map((a) => {
    const list = new Set<number>();
    for (const id of a.teacherIds) list.add(teacherIndex.get(id) ?? -1);
    for (const id of a.studentSetIds) for (const atom of atomsOf.get(id) ?? []) list.add(nTeachers + atom);
    list.delete(-1);
    return [...list].sort((x, y) => x - y);
  });
  const resActsList: number[][] = Array.from({ length: nClashRes }, () => []);
  actClash.forEach((list, a) => {
    for (const r of list) resActsList[r]?.push(a);
  });

  const targetResources = (target: Target): number[] => {
    if (target.kind === 'teacher') {
      if (target.teacherId === undefined) return Array.from({ length: nTeachers }, (_, i) => i);
      const t = teacherIndex.get(target.teacherId);
      return t === undefined ? [] : [t];
    }
    if (target.studentSetId === undefined) return Array.from({ length: nSubgroups }, (_, i) => nTeachers + i);
    return (atomsOf.get(target.studentSetId) ?? []).map((g) => nTeachers + g);
  };

  // ---- availability (hard not-available and breaks) and unary soft penalties
  const roomIndex = new Map(plan.rooms.map((r, i) => [r.id, i]));
  const componentOf = componentNumbers(plan);
  const activityIndex = new Map(plan.activities.map((a, i) => [a.id, i]));
  const actAllowed = new Uint8Array(nActs * nSlots).fill(1);
  const actStartPenalty = new Float64Array(nActs * nSlots);
  const {
    blockedSlot,
    breakSlot,
    softBusy,
    softBreak,
    roomBlocked,
    roomPenalty,
    rules,
    counters,
    groupDrafts,
    sameTimeHard,
    roomRules,
    startRules,
    selected,
  } = readConstraints({
    plan,
    nSlots,
    nTeachers,
    nClashRes,
    slotOf,
    targetResources,
    actClash,
    resActsList,
    componentOf,
    atomsOf,
    activityIndex,
    roomIndex,
  });

  // ---- counters become resources of their own
  const actResourcesList: number[][] = actClash.map((list) => [...list]);
  for (const counter of counters) {
    const r = resKindList.length;
    resKindList.push(RES_COUNTER);
    resOwnerList.push(counter.owner);
    resActsList.push(counter.acts);
    for (const a of counter.acts) actResourcesList[a]?.push(r);
    rules.push({ kind: RULE_MAX_HOURS_DAILY, res: r, a: counter.maxHours, b: 0, weight: counter.weight, source: counter.source });
  }
  const nRes = resKindList.length;

  // ---- availability masks: a clash resource's usable hours; a counter uses its owner's
  const resAvail = new Uint32Array(nRes * nDays);
  for (let r = 0; r < nRes; r++) {
    const owner = resKindList[r] === RES_COUNTER ? (resOwnerList[r] ?? 0) : r;
    for (let d = 0; d < nDays; d++) {
      let mask = 0;
      for (let h = 0; h < nHours; h++) {
        const s = d * nHours + h;
        if (!breakSlot[s] && !blockedSlot[owner * nSlots + s]) mask |= 1 << h;
      }
      resAvail[r * nDays + d] = mask >>> 0;
    }
  }

  // ---- each activity's allowed starts and soft start costs
  for (let a = 0; a < nActs; a++) {
    const duration = plan.activities[a]?.duration ?? 1;
    const base = a * nSlots;
    for (let s = 0; s < nSlots; s++) {
      const h = s % nHours;
      if (h + duration > nHours) {
        actAllowed[base + s] = 0;
        continue;
      }
      for (let k = 0; k < duration; k++) {
        const slot = s + k;
        if (breakSlot[slot]) actAllowed[base + s] = 0;
        addAt(actStartPenalty, base + s, softBreak[slot] ?? 0);
        for (const r of actClash[a] ?? []) {
          if (blockedSlot[r * nSlots + slot]) actAllowed[base + s] = 0;
          addAt(actStartPenalty, base + s, softBusy[r * nSlots + slot] ?? 0);
        }
      }
    }
  }
  for (const rule of startRules) {
    const hard = isHardWeight(rule.weight);
    for (const a of rule.acts) {
      const duration = plan.activities[a]?.duration ?? 1;
      const base = a * nSlots;
      for (let s = 0; s < nSlots; s++) {
        let ok = rule.slots[s] === 1;
        if (rule.coverAll && ok) {
          const h = s % nHours;
          for (let k = 1; k < duration && ok; k++) ok = h + k < nHours && rule.slots[s + k] === 1;
        }
        if (ok) continue;
        if (hard) actAllowed[base + s] = 0;
        else addAt(actStartPenalty, base + s, rule.weight / 100);
      }
    }
  }
  for (let a = 0; a < nActs; a++) {
    if (!actAllowed.subarray(a * nSlots, (a + 1) * nSlots).includes(1)) {
      impossible.push({
        activity: a,
        constraintIndex: -1,
        reason: 'no start time is allowed by its time rules (not available, breaks, preferred times)',
      });
    }
  }

  // ---- rooms: hard rules intersect, soft rules cost; home rooms only where nothing else applies
  const { actRoomCandidates, actRoomHard, actRoomSoft, actRoomSources } = compileRooms(
    plan,
    nSlots,
    roomRules,
    roomBlocked,
    actAllowed,
    impossible,
  );

  // ---- units: activities tied by a hard same starting time move together
  const { actUnit, unitActsList, nUnits, unitDomain, unitClashResources } = compileUnits(
    nActs,
    nSlots,
    sameTimeHard,
    actAllowed,
    actClash,
    impossible,
  );

  // ---- rules per resource
  const ruleCount = rules.length;
  const ruleKind = new Int32Array(ruleCount);
  const ruleRes = new Int32Array(ruleCount);
  const ruleA = new Int32Array(ruleCount);
  const ruleB = new Int32Array(ruleCount);
  const ruleWeight = new Float64Array(ruleCount);
  const ruleSource = new Int32Array(ruleCount);
  const ruleGapsAllowance = new Int32Array(ruleCount).fill(-1);
  const resRulesList: number[][] = Array.from({ length: nRes }, () => []);
  rules.forEach((rule, i) => {
    ruleKind[i] = rule.kind;
    ruleRes[i] = rule.res;
    ruleA[i] = rule.a;
    ruleB[i] = rule.b;
    ruleWeight[i] = rule.weight;
    ruleSource[i] = rule.source;
    resRulesList[rule.res]?.push(i);
  });
  for (let i = 0; i < ruleCount; i++) {
    if (ruleKind[i] !== RULE_EARLY) continue;
    let allowance = -1;
    for (const j of resRulesList[ruleRes[i] ?? 0] ?? []) {
      if (ruleKind[j] === RULE_MAX_GAPS_PER_WEEK && isHardWeight(ruleWeight[j] ?? 0)) {
        const g = ruleA[j] ?? 0;
        allowance = allowance < 0 ? g : Math.min(allowance, g);
      }
    }
    ruleGapsAllowance[i] = allowance;
  }

  // ---- resources whose days must stay compact (no gaps allowed, hard; with an early start, from the first period)
  const resCompact = new Uint8Array(nRes);
  for (let i = 0; i < ruleCount; i++) {
    if (!isHardWeight(ruleWeight[i] ?? 0)) continue;
    const r = ruleRes[i] ?? 0;
    if ((ruleKind[i] === RULE_MAX_GAPS_PER_WEEK || ruleKind[i] === RULE_MAX_GAPS_PER_DAY) && ruleA[i] === 0)
      resCompact[r] = Math.max(resCompact[r] ?? 0, 1);
  }
  // An early start only shapes days that may have no gaps at all.
  for (let i = 0; i < ruleCount; i++) {
    if (isHardWeight(ruleWeight[i] ?? 0) && ruleKind[i] === RULE_EARLY && resCompact[ruleRes[i] ?? 0] === 1)
      resCompact[ruleRes[i] ?? 0] = 2;
  }

  // ---- totals per resource
  const resTotalHours = new Int32Array(nRes);
  const resTotalActs = new Int32Array(nRes);
  for (let r = 0; r < nRes; r++) {
    for (const a of resActsList[r] ?? []) {
      resTotalHours[r] = (resTotalHours[r] ?? 0) + (plan.activities[a]?.duration ?? 0);
      resTotalActs[r] = (resTotalActs[r] ?? 0) + 1;
    }
  }

  // ---- activity groups
  const actGroupsList: number[][] = Array.from({ length: nActs }, () => []);
  groupDrafts.forEach((g, i) => {
    for (const a of g.acts) actGroupsList[a]?.push(i);
  });

  return {
    plan,
    nDays,
    nHours,
    nSlots,
    nActs,
    actDuration: Int32Array.from(plan.activities.map((a) => a.duration)),
    actResources: actResourcesList.map((list) => Int32Array.from(list)),
    actClashResources: actClash.map((list) => Int32Array.from(list)),
    actUnit,
    actAllowed,
    actStartPenalty,
    actRoomCandidates,
    actRoomHard,
    actRoomSoft,
    actRoomSources,
    actGroups: actGroupsList.map((list) => Int32Array.from(list)),
    nUnits,
    unitActs: unitActsList.map((list) => Int32Array.from(list)),
    unitDomain,
    unitClashResources,
    nRooms: plan.rooms.length,
    roomBlocked,
    roomPenalty,
    nRes,
    nClashRes,
    resKind: Uint8Array.from(resKindList),
    resOwner: Int32Array.from(resOwnerList),
    resAvail,
    resTotalHours,
    resTotalActs,
    resActs: resActsList.map((list) => Int32Array.from(list)),
    resRules: resRulesList.map((list) => Int32Array.from(list)),
    resCompact,
    ruleKind,
    ruleRes,
    ruleA,
    ruleB,
    ruleWeight,
    ruleSource,
    ruleGapsAllowance,
    groupKind: Int32Array.from(groupDrafts.map((g) => g.kind)),
    groupActs: groupDrafts.map((g) => Int32Array.from(g.acts)),
    groupParam: Int32Array.from(groupDrafts.map((g) => g.param)),
    groupConsecutive: Uint8Array.from(groupDrafts.map((g) => (g.consecutive ? 1 : 0))),
    groupWeight: Float64Array.from(groupDrafts.map((g) => g.weight)),
    groupSource: Int32Array.from(groupDrafts.map((g) => g.source)),
    nTeachers,
    teacherIds: plan.teachers.map((t) => t.id),
    selected,
    atomsOf,
    subgroupIds: atoms.map((s) => s.id),
    roomIds: plan.rooms.map((r) => r.id),
    activityIds: plan.activities.map((a) => a.id),
    impossible,
  };
}
