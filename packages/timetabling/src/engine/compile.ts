import type { Plan, Target, TimeSlot } from '../model.js';
import { checkPlan, PlanError } from '../plan-check.js';
import {
  GROUP_MIN_DAYS,
  GROUP_NOT_OVERLAPPING,
  GROUP_SAME_DAY,
  GROUP_SAME_TIME,
  isHardWeight,
  RES_COUNTER,
  RES_SUBGROUP,
  RES_TEACHER,
  RULE_EARLY,
  RULE_ENDS_DAY,
  RULE_MAX_DAYS_PER_WEEK,
  RULE_MAX_GAPS_PER_DAY,
  RULE_MAX_GAPS_PER_WEEK,
  RULE_MAX_HOURS_CONTINUOUSLY,
  RULE_MAX_HOURS_DAILY,
  RULE_MIN_DAYS_PER_WEEK,
  RULE_MIN_HOURS_DAILY,
  type ImpossibleReason,
  type Problem,
} from './problem.js';
import { atomicStudentSets, componentNumbers, selectActivities } from './select.js';

interface RuleDraft {
  kind: number;
  res: number;
  a: number;
  b: number;
  weight: number;
  source: number;
}

function addAt(array: Float64Array, index: number, value: number): void {
  array[index] = (array[index] ?? 0) + value;
}

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
  const blockedSlot = new Uint8Array(nClashRes * nSlots); // hard: resource cannot be used then
  const breakSlot = new Uint8Array(nSlots);
  const softBusy = new Float64Array(nClashRes * nSlots); // soft not-available weight per slot
  const softBreak = new Float64Array(nSlots);
  const roomBlocked = new Uint8Array(plan.rooms.length * nSlots);
  const roomPenalty = new Float64Array(plan.rooms.length * nSlots);
  const roomIndex = new Map(plan.rooms.map((r, i) => [r.id, i]));
  const rules: RuleDraft[] = [];
  const counters: { owner: number; acts: number[]; maxHours: number; weight: number; source: number }[] = [];
  const componentOf = componentNumbers(plan);
  const activityIndex = new Map(plan.activities.map((a, i) => [a.id, i]));

  const actAllowed = new Uint8Array(nActs * nSlots).fill(1);
  const actStartPenalty = new Float64Array(nActs * nSlots);
  const groupDrafts: { kind: number; acts: number[]; param: number; consecutive: boolean; weight: number; source: number }[] = [];
  const sameTimeHard: number[][] = [];
  const roomRules: { acts: number[]; rooms: number[]; weight: number; home: boolean; source: number }[] = [];
  const startRules: { acts: number[]; slots: Uint8Array; weight: number; source: number; coverAll: boolean }[] = [];
  const selected = new Map<number, Int32Array>();

  plan.constraints.forEach((c, source) => {
    const hard = isHardWeight(c.weight);
    const w = c.weight / 100;
    switch (c.type) {
      case 'breakTimes':
        for (const s of c.slots) {
          if (hard) breakSlot[slotOf(s)] = 1;
          else addAt(softBreak, slotOf(s), w);
        }
        break;
      case 'notAvailable':
        for (const r of targetResources(c.target)) {
          for (const s of c.slots) {
            if (hard) blockedSlot[r * nSlots + slotOf(s)] = 1;
            else addAt(softBusy, r * nSlots + slotOf(s), w);
          }
        }
        break;
      case 'roomNotAvailable': {
        const room = roomIndex.get(c.roomId) ?? 0;
        for (const s of c.slots) {
          if (hard) roomBlocked[room * nSlots + slotOf(s)] = 1;
          else addAt(roomPenalty, room * nSlots + slotOf(s), w);
        }
        break;
      }
      case 'maxHoursDaily':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_HOURS_DAILY, res: r, a: c.maxHours, b: 0, weight: c.weight, source });
        break;
      case 'minHoursDaily':
        for (const r of targetResources(c.target)) {
          rules.push({ kind: RULE_MIN_HOURS_DAILY, res: r, a: c.minHours, b: c.allowEmptyDays ? 1 : 0, weight: c.weight, source });
        }
        break;
      case 'maxHoursContinuously':
        for (const r of targetResources(c.target)) {
          rules.push({ kind: RULE_MAX_HOURS_CONTINUOUSLY, res: r, a: c.maxHours, b: 0, weight: c.weight, source });
        }
        break;
      case 'maxGapsPerDay':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_GAPS_PER_DAY, res: r, a: c.maxGaps, b: 0, weight: c.weight, source });
        break;
      case 'maxGapsPerWeek':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_GAPS_PER_WEEK, res: r, a: c.maxGaps, b: 0, weight: c.weight, source });
        break;
      case 'maxDaysPerWeek':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_DAYS_PER_WEEK, res: r, a: c.maxDays, b: 0, weight: c.weight, source });
        break;
      case 'minDaysPerWeek':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MIN_DAYS_PER_WEEK, res: r, a: c.minDays, b: 0, weight: c.weight, source });
        break;
      case 'earlyMaxBeginningsAtSecondPeriod':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_EARLY, res: r, a: c.maxBeginnings, b: 0, weight: c.weight, source });
        break;
      case 'subjectMaxHoursDaily':
      case 'tagMaxHoursDaily':
        for (const r of targetResources(c.target)) {
          const acts = (resActsList[r] ?? []).filter((a) => {
            const activity = plan.activities[a];
            if (!activity) return false;
            return c.type === 'subjectMaxHoursDaily' ? activity.subjectId === c.subjectId : activity.tagIds.includes(c.tagId);
          });
          if (acts.length > 0) counters.push({ owner: r, acts, maxHours: c.maxHours, weight: c.weight, source });
        }
        break;
      case 'preferredStartingTimes':
      case 'preferredTimeSlots': {
        const acts = selectActivities(plan, c.activities, componentOf).map((a) => activityIndex.get(a.id) ?? 0);
        selected.set(source, Int32Array.from(acts));
        const slots = new Uint8Array(nSlots);
        for (const s of c.slots) slots[slotOf(s)] = 1;
        startRules.push({ acts, slots, weight: c.weight, source, coverAll: c.type === 'preferredTimeSlots' });
        break;
      }
      case 'preferredRooms': {
        const acts = selectActivities(plan, c.activities, componentOf).map((a) => activityIndex.get(a.id) ?? 0);
        selected.set(source, Int32Array.from(acts));
        const rooms = c.roomIds.map((id) => roomIndex.get(id) ?? 0);
        roomRules.push({ acts, rooms, weight: c.weight, home: c.home === true, source });
        break;
      }
      case 'minDaysBetweenActivities':
      case 'sameStartingTime':
      case 'sameStartingDay':
      case 'notOverlapping': {
        const acts = [...new Set(c.activityIds.map((id) => activityIndex.get(id) ?? 0))];
        if (acts.length < 2) break;
        if (c.type === 'sameStartingTime' && hard) {
          sameTimeHard.push(acts);
          break;
        }
        const kind =
          c.type === 'minDaysBetweenActivities'
            ? GROUP_MIN_DAYS
            : c.type === 'sameStartingTime'
              ? GROUP_SAME_TIME
              : c.type === 'sameStartingDay'
                ? GROUP_SAME_DAY
                : GROUP_NOT_OVERLAPPING;
        if (kind === GROUP_MIN_DAYS && c.type === 'minDaysBetweenActivities' && c.minDays <= 0 && !c.consecutiveIfSameDay) break;
        groupDrafts.push({
          kind,
          acts,
          param: c.type === 'minDaysBetweenActivities' ? c.minDays : 0,
          consecutive: c.type === 'minDaysBetweenActivities' && c.consecutiveIfSameDay,
          weight: c.weight,
          source,
        });
        break;
      }
      case 'endsStudentsDay': {
        const acts = selectActivities(plan, c.activities, componentOf).map((a) => activityIndex.get(a.id) ?? 0);
        selected.set(source, Int32Array.from(acts));
        for (const a of acts) {
          for (const r of actClash[a] ?? []) {
            if (r >= nTeachers) rules.push({ kind: RULE_ENDS_DAY, res: r, a, b: 0, weight: c.weight, source });
          }
        }
        break;
      }
    }
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
  const actRoomCandidates: Int32Array[] = [];
  const actRoomHard = new Uint8Array(nActs);
  const actRoomSoft: Problem['actRoomSoft'] = [];
  const actRoomSources: number[][] = [];
  const rulesOfAct: (typeof roomRules)[] = Array.from({ length: nActs }, () => []);
  const setSize = new Map(plan.studentSets.map((set) => [set.id, set.size ?? 0]));
  for (const rule of roomRules) for (const a of rule.acts) rulesOfAct[a]?.push(rule);
  for (let a = 0; a < nActs; a++) {
    const activity = plan.activities[a];
    const all = rulesOfAct[a] ?? [];
    const applying = all.some((r) => !r.home) ? all.filter((r) => !r.home) : all;
    let hardSet: Set<number> | undefined;
    const soft: { rooms: Set<number>; weight: number; source: number }[] = [];
    const sources: number[] = [];
    for (const rule of applying) {
      if (isHardWeight(rule.weight)) {
        sources.push(rule.source);
        const set = new Set(rule.rooms);
        hardSet = hardSet ? new Set([...hardSet].filter((r) => set.has(r))) : set;
      } else {
        soft.push({ rooms: new Set(rule.rooms), weight: rule.weight / 100, source: rule.source });
      }
    }
    let candidates: number[] = hardSet ? [...hardSet] : [...new Set(soft.flatMap((s) => [...s.rooms]))];
    const size = activity?.size ?? (activity ? activity.studentSetIds.reduce((sum, id) => sum + (setSize.get(id) ?? 0), 0) : 0);
    if (size > 0) candidates = candidates.filter((r) => (plan.rooms[r]?.capacity ?? Number.POSITIVE_INFINITY) >= size);
    candidates.sort((x, y) => x - y);
    actRoomCandidates.push(Int32Array.from(candidates));
    actRoomHard[a] = hardSet ? 1 : 0;
    actRoomSoft.push(soft);
    actRoomSources.push(sources);
    if (hardSet && candidates.length === 0) {
      impossible.push({ activity: a, constraintIndex: sources[0] ?? -1, reason: 'no room satisfies its room rules and capacity' });
    }
    if (hardSet && candidates.length > 0 && activity) {
      // A start is only allowed if some candidate room is available for the whole lesson.
      const base = a * nSlots;
      for (let s = 0; s < nSlots; s++) {
        if (!actAllowed[base + s]) continue;
        const free = candidates.some((room) => {
          for (let k = 0; k < activity.duration; k++) if (roomBlocked[room * nSlots + s + k]) return false;
          return true;
        });
        if (!free) actAllowed[base + s] = 0;
      }
    }
  }

  // ---- units: activities tied by a hard same starting time move together
  const parent = Int32Array.from({ length: nActs }, (_, i) => i);
  const find = (x: number): number => {
    let y = x;
    while (parent[y] !== y) y = parent[y] ?? y;
    let z = x;
    while (parent[z] !== y) {
      const next = parent[z] ?? y;
      parent[z] = y;
      z = next;
    }
    return y;
  };
  for (const acts of sameTimeHard) {
    const first = acts[0] ?? 0;
    for (const a of acts) parent[find(a)] = find(first);
  }
  const unitOfRoot = new Map<number, number>();
  const actUnit = new Int32Array(nActs);
  const unitActsList: number[][] = [];
  for (let a = 0; a < nActs; a++) {
    const root = find(a);
    let u = unitOfRoot.get(root);
    if (u === undefined) {
      u = unitActsList.length;
      unitOfRoot.set(root, u);
      unitActsList.push([]);
    }
    actUnit[a] = u;
    unitActsList[u]?.push(a);
  }
  const nUnits = unitActsList.length;
  const unitDomain: Int32Array[] = [];
  const unitClashResources: Int32Array[] = [];
  for (let u = 0; u < nUnits; u++) {
    const acts = unitActsList[u] ?? [];
    const domain: number[] = [];
    for (let s = 0; s < nSlots; s++) if (acts.every((a) => actAllowed[a * nSlots + s] === 1)) domain.push(s);
    unitDomain.push(Int32Array.from(domain));
    const seen = new Set<number>();
    let selfClash = false;
    for (const a of acts) {
      for (const r of actClash[a] ?? []) {
        if (seen.has(r)) selfClash = true;
        seen.add(r);
      }
    }
    unitClashResources.push(Int32Array.from([...seen].sort((x, y) => x - y)));
    const first = acts[0] ?? 0;
    if (selfClash) {
      for (const a of acts) {
        impossible.push({
          activity: a,
          constraintIndex: -1,
          reason: 'it must start with activities that share a teacher or students with it',
        });
      }
    } else if (domain.length === 0 && acts.length > 1 && acts.every((a) => actAllowed.subarray(a * nSlots, (a + 1) * nSlots).includes(1))) {
      impossible.push({
        activity: first,
        constraintIndex: -1,
        reason: 'the activities that must start together have no common allowed start',
      });
    }
  }

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
