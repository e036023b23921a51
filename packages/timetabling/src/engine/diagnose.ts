import { isHardWeight, type Problem } from './problem.js';
import type { State } from './state.js';

/** Something that keeps an activity out of some of its possible starts. */
export interface BlockingReason {
  /**
   * notAllowed: a time rule forbids those starts; clash: the teacher, students or room are taken there (by the
   * activities listed); rule: a hard rule would break there; free: a start was free but the search stopped first.
   */
  kind: 'notAllowed' | 'clash' | 'rule' | 'free';
  /** Index into the plan's constraints; -1 for the core rules and for `free`. */
  constraintIndex: number;
  type: string;
  teacherId?: string;
  studentSetId?: string;
  roomId?: string;
  activityIds?: string[];
  /** How many of the activity's starts this reason blocks. */
  slots: number;
  message: string;
}

export interface UnplacedActivity {
  activityId: string;
  externalId?: number;
  reasons: BlockingReason[];
}

/** Why each unit left out could not go anywhere, from the final timetable's point of view. */
export function diagnoseUnplaced(p: Problem, state: State, units: number[], compileReasons: Map<number, string[]>): UnplacedActivity[] {
  const result: UnplacedActivity[] = [];
  const nHours = p.nHours;
  const nSlots = p.nSlots;
  const constraints = p.plan.constraints;
  const slotSet = (slots: { day: number; period: number }[]): Set<number> =>
    new Set(slots.map((t) => (t.day - 1) * nHours + (t.period - 1)));
  const slotSets = new Map<number, Set<number>>();
  const slotsOf = (index: number): Set<number> => {
    let set = slotSets.get(index);
    if (!set) {
      const c = constraints[index];
      set = c && 'slots' in c ? slotSet(c.slots) : new Set();
      slotSets.set(index, set);
    }
    return set;
  };
  const resourceName = (r: number): { teacherId?: string; studentSetId?: string; label: string } => {
    if (r < p.nTeachers) {
      const teacherId = p.teacherIds[r] ?? '';
      return { teacherId, label: `teacher ${p.plan.teachers[r]?.name ?? teacherId}` };
    }
    const studentSetId = p.subgroupIds[r - p.nTeachers] ?? '';
    return { studentSetId, label: `students ${p.plan.studentSets.find((s) => s.id === studentSetId)?.name ?? studentSetId}` };
  };

  for (const u of units) {
    const acts = p.unitActs[u] ?? new Int32Array(0);
    const reasons = new Map<string, BlockingReason>();
    // A reason counts once per start, however many activities or members it concerns there.
    let slotKeys = new Set<string>();
    const note = (key: string, make: () => Omit<BlockingReason, 'slots'>): void => {
      if (slotKeys.has(key)) return;
      slotKeys.add(key);
      const existing = reasons.get(key);
      if (existing) existing.slots += 1;
      else reasons.set(key, { ...make(), slots: 1 });
    };
    const domain = new Set(p.unitDomain[u] ?? []);
    for (let s = 0; s < nSlots; s++) {
      slotKeys = new Set();
      if (!domain.has(s)) {
        for (const a of acts) {
          const duration = p.actDuration[a] ?? 1;
          if ((s % nHours) + duration > nHours) {
            note('too-long', () => ({
              kind: 'notAllowed',
              constraintIndex: -1,
              type: 'duration',
              message: 'the lesson would run past the end of the day',
            }));
            continue;
          }
          const resources = new Set(p.actClashResources[a] ?? []);
          constraints.forEach((c, index) => {
            if (!isHardWeight(c.weight)) return;
            const cover = (): boolean => {
              const slots = slotsOf(index);
              for (let k = 0; k < duration; k++) if (slots.has(s + k)) return true;
              return false;
            };
            if (c.type === 'breakTimes' && cover()) {
              note(`c${index}`, () => ({ kind: 'notAllowed', constraintIndex: index, type: c.type, message: 'a break' }));
            } else if (c.type === 'notAvailable' && cover()) {
              const targets =
                c.target.kind === 'teacher'
                  ? c.target.teacherId === undefined
                    ? [...resources].filter((r) => r < p.nTeachers)
                    : [p.teacherIds.indexOf(c.target.teacherId)]
                  : c.target.studentSetId === undefined
                    ? [...resources].filter((r) => r >= p.nTeachers)
                    : (p.atomsOf.get(c.target.studentSetId) ?? []).map((g) => p.nTeachers + g);
              if (targets.some((r) => resources.has(r))) {
                note(`c${index}`, () => ({
                  kind: 'notAllowed',
                  constraintIndex: index,
                  type: c.type,
                  ...(c.target.kind === 'teacher' && c.target.teacherId !== undefined ? { teacherId: c.target.teacherId } : {}),
                  ...(c.target.kind === 'studentSet' && c.target.studentSetId !== undefined ? { studentSetId: c.target.studentSetId } : {}),
                  message: 'not available then',
                }));
              }
            } else if (
              (c.type === 'preferredStartingTimes' || c.type === 'preferredTimeSlots') &&
              p.selected.get(index)?.includes(a) === true
            ) {
              const slots = slotsOf(index);
              let ok = slots.has(s);
              if (c.type === 'preferredTimeSlots') for (let k = 1; k < duration && ok; k++) ok = slots.has(s + k);
              if (!ok)
                note(`c${index}`, () => ({
                  kind: 'notAllowed',
                  constraintIndex: index,
                  type: c.type,
                  message: 'outside its allowed times',
                }));
            } else if (c.type === 'roomNotAvailable' && (p.actRoomCandidates[a]?.length ?? 0) > 0 && p.actRoomHard[a] === 1) {
              const room = p.roomIds.indexOf(c.roomId);
              if (p.actRoomCandidates[a]?.includes(room) === true && cover()) {
                note(`c${index}`, () => ({
                  kind: 'notAllowed',
                  constraintIndex: index,
                  type: c.type,
                  roomId: c.roomId,
                  message: 'its room is not available then',
                }));
              }
            }
          });
        }
        continue;
      }
      state.evaluate(u, s);
      if (state.evConflictCount > 0) {
        const conflicts = Array.from(state.evConflicts.subarray(0, state.evConflictCount));
        for (const c of conflicts) {
          for (const b of p.unitActs[c] ?? []) {
            const shared = (p.actClashResources[b] ?? []).filter((r) => acts.some((a) => p.actClashResources[a]?.includes(r) === true));
            const otherId = p.activityIds[b] ?? '';
            if (shared.length === 0) {
              note(`room:${otherId}`, () => ({
                kind: 'clash',
                constraintIndex: -1,
                type: 'roomClash',
                activityIds: [otherId],
                message: 'its room is taken then',
              }));
            }
            for (const r of shared) {
              const who = resourceName(r);
              const key = `clash:${r}`;
              const existing = reasons.get(key);
              if (existing) {
                if (!existing.activityIds?.includes(otherId)) existing.activityIds?.push(otherId);
              }
              note(key, () => ({
                kind: 'clash',
                constraintIndex: -1,
                type: r < p.nTeachers ? 'teacherClash' : 'studentSetClash',
                ...(who.teacherId !== undefined ? { teacherId: who.teacherId } : {}),
                ...(who.studentSetId !== undefined ? { studentSetId: who.studentSetId } : {}),
                activityIds: [otherId],
                message: `${who.label} is busy then`,
              }));
            }
          }
        }
        continue;
      }
      if (state.evHard > 0 || state.evRoomMissing > 0) {
        const rooms = Int32Array.from(state.evRooms);
        state.assign(u, s, rooms);
        for (const a of acts) {
          for (const r of p.actResources[a] ?? []) {
            if ((state.resHard[r] ?? 0) <= 0) continue;
            for (const rule of p.resRules[r] ?? []) {
              if (!isHardWeight(p.ruleWeight[rule] ?? 100)) continue;
              const v = state.ruleViolation(rule, r, state.mask, r * p.nDays, state.uHours[r] ?? 0, state.uActs[r] ?? 0);
              if (v <= 0) continue;
              const source = p.ruleSource[rule] ?? -1;
              const owner = r < p.nClashRes ? r : (p.resOwner[r] ?? 0);
              const who = resourceName(owner);
              note(`rule:${source}:${owner}`, () => ({
                kind: 'rule',
                constraintIndex: source,
                type: constraints[source]?.type ?? 'rule',
                ...(who.teacherId !== undefined ? { teacherId: who.teacherId } : {}),
                ...(who.studentSetId !== undefined ? { studentSetId: who.studentSetId } : {}),
                message: `${who.label}: it would break this rule`,
              }));
            }
          }
          for (const g of p.actGroups[a] ?? []) {
            if ((state.groupHard[g] ?? 0) <= 0) continue;
            const source = p.groupSource[g] ?? -1;
            note(`group:${source}`, () => ({
              kind: 'rule',
              constraintIndex: source,
              type: constraints[source]?.type ?? 'rule',
              activityIds: Array.from(p.groupActs[g] ?? [], (b) => p.activityIds[b] ?? ''),
              message: 'it would break this rule with the activities listed',
            }));
          }
        }
        state.remove(u);
        if (state.evRoomMissing > 0)
          note('no-room', () => ({ kind: 'clash', constraintIndex: -1, type: 'roomClash', message: 'no allowed room is free then' }));
        continue;
      }
      note('free', () => ({
        kind: 'free',
        constraintIndex: -1,
        type: 'free',
        message: 'a start was free; the search stopped before placing it here',
      }));
    }
    for (const a of acts) {
      const list = [...reasons.values()].sort((x, y) => y.slots - x.slots);
      for (const text of compileReasons.get(a) ?? [])
        list.unshift({ kind: 'notAllowed', constraintIndex: -1, type: 'impossible', slots: nSlots, message: text });
      const activity = p.plan.activities[a];
      result.push({
        activityId: p.activityIds[a] ?? '',
        ...(activity?.externalId !== undefined ? { externalId: activity.externalId } : {}),
        reasons: list,
      });
    }
  }
  return result;
}
