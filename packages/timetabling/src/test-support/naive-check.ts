import type { Activity, ActivitySelector, Placement, Plan } from '../model.js';

/**
 * A brute-force checker of a timetable against a plan's hard rules, written straight from the model's
 * definitions (a grid per person and room, no incremental bookkeeping). Tests hold the engine to it.
 */
export function naiveHardViolations(plan: Plan, placements: Placement[]): string[] {
  const problems: string[] = [];
  const D = plan.days.length;
  const H = plan.periods.length;
  const byId = new Map(placements.map((p) => [p.activityId, p]));
  const activity = new Map(plan.activities.map((a) => [a.id, a]));
  const childrenOf = (id: string): string[] => plan.studentSets.filter((s) => s.parentIds.includes(id)).map((s) => s.id);
  const atoms = (id: string): string[] => {
    const kids = childrenOf(id);
    return kids.length === 0 ? [id] : [...new Set(kids.flatMap(atoms))];
  };
  const atomsOf = (a: Activity): string[] => [...new Set(a.studentSetIds.flatMap(atoms))];
  const placed = plan.activities.filter((a) => byId.has(a.id));
  const cells = (a: Activity): [number, number][] => {
    const p = byId.get(a.id);
    if (!p) return [];
    return Array.from({ length: a.duration }, (_, k) => [p.day - 1, p.period - 1 + k] as [number, number]);
  };
  for (const a of placed) {
    const p = byId.get(a.id);
    if (p && (p.period - 1 + a.duration > H || p.day > D || p.day < 1 || p.period < 1)) problems.push(`${a.id} outside the week`);
  }
  // Double bookings.
  const grid = new Map<string, string[]>();
  const put = (key: string, id: string): void => {
    grid.set(key, [...(grid.get(key) ?? []), id]);
  };
  for (const a of placed) {
    for (const [d, h] of cells(a)) {
      for (const t of a.teacherIds) put(`t:${t}:${d}:${h}`, a.id);
      for (const g of atomsOf(a)) put(`s:${g}:${d}:${h}`, a.id);
      const room = byId.get(a.id)?.roomId;
      if (room) put(`r:${room}:${d}:${h}`, a.id);
    }
  }
  for (const [key, ids] of grid) if (ids.length > 1) problems.push(`double booking ${key}: ${ids.join(',')}`);

  const busy = (kind: 't' | 's', who: string, d: number, h: number): boolean => grid.has(`${kind}:${who}:${d}:${h}`);
  const hard = plan.constraints.filter((c) => c.weight >= 100);
  const off = new Set<string>();
  for (const c of hard) {
    if (c.type === 'breakTimes') for (const s of c.slots) off.add(`*:${s.day - 1}:${s.period - 1}`);
    if (c.type === 'notAvailable') {
      const whos =
        c.target.kind === 'teacher'
          ? c.target.teacherId !== undefined
            ? [`t:${c.target.teacherId}`]
            : plan.teachers.map((t) => `t:${t.id}`)
          : c.target.studentSetId !== undefined
            ? atoms(c.target.studentSetId).map((g) => `s:${g}`)
            : plan.studentSets.flatMap((s) => atoms(s.id)).map((g) => `s:${g}`);
      for (const who of whos) for (const s of c.slots) off.add(`${who}:${s.day - 1}:${s.period - 1}`);
    }
  }
  const usable = (kind: 't' | 's', who: string, d: number, h: number): boolean =>
    !off.has(`*:${d}:${h}`) && !off.has(`${kind}:${who}:${d}:${h}`);
  for (const a of placed) {
    for (const [d, h] of cells(a)) {
      if (off.has(`*:${d}:${h}`)) problems.push(`${a.id} in a break`);
      for (const t of a.teacherIds) if (off.has(`t:${t}:${d}:${h}`)) problems.push(`${a.id}: teacher ${t} not available`);
      for (const g of atomsOf(a)) if (off.has(`s:${g}:${d}:${h}`)) problems.push(`${a.id}: students ${g} not available`);
    }
  }
  const selected = (sel: ActivitySelector): Activity[] =>
    plan.activities.filter(
      (a) =>
        (sel.activityIds === undefined || sel.activityIds.includes(a.id)) &&
        (sel.teacherId === undefined || a.teacherIds.includes(sel.teacherId)) &&
        (sel.studentSetId === undefined ||
          (sel.onlyStudentSet
            ? a.studentSetIds.length === 1 && a.studentSetIds[0] === sel.studentSetId
            : atomsOf(a).some((g) => atoms(sel.studentSetId ?? '').includes(g)))) &&
        (sel.subjectId === undefined || a.subjectId === sel.subjectId) &&
        (sel.tagId === undefined || a.tagIds.includes(sel.tagId)),
    );
  const whoList = (
    target: { kind: 'teacher'; teacherId?: string } | { kind: 'studentSet'; studentSetId?: string },
  ): ['t' | 's', string][] =>
    target.kind === 'teacher'
      ? (target.teacherId !== undefined ? [target.teacherId] : plan.teachers.map((t) => t.id)).map((id) => ['t', id])
      : [...new Set(target.studentSetId !== undefined ? atoms(target.studentSetId) : plan.studentSets.flatMap((s) => atoms(s.id)))].map(
          (id) => ['s', id],
        );
  const dayStats = (kind: 't' | 's', who: string, d: number): { hours: number; gaps: number; before: number } => {
    const hs = Array.from({ length: H }, (_, h) => h).filter((h) => busy(kind, who, d, h));
    if (hs.length === 0) return { hours: 0, gaps: 0, before: 0 };
    const first = Math.min(...hs);
    const last = Math.max(...hs);
    let gaps = 0;
    for (let h = first; h <= last; h++) if (!busy(kind, who, d, h) && usable(kind, who, d, h)) gaps++;
    let before = 0;
    for (let h = 0; h < first; h++) if (usable(kind, who, d, h)) before++;
    return { hours: hs.length, gaps, before };
  };
  for (const c of hard) {
    switch (c.type) {
      case 'maxHoursDaily':
      case 'maxGapsPerDay':
      case 'maxGapsPerWeek':
      case 'maxDaysPerWeek':
      case 'minDaysPerWeek':
      case 'minHoursDaily':
      case 'earlyMaxBeginningsAtSecondPeriod':
        for (const [kind, who] of whoList(c.target)) {
          const stats = Array.from({ length: D }, (_, d) => dayStats(kind, who, d));
          const days = stats.filter((s) => s.hours > 0).length;
          const broken =
            (c.type === 'maxHoursDaily' && stats.some((s) => s.hours > c.maxHours)) ||
            (c.type === 'maxGapsPerDay' && stats.some((s) => s.gaps > c.maxGaps)) ||
            (c.type === 'maxGapsPerWeek' && stats.reduce((n, s) => n + s.gaps, 0) > c.maxGaps) ||
            (c.type === 'maxDaysPerWeek' && days > c.maxDays) ||
            (c.type === 'minDaysPerWeek' && days < c.minDays) ||
            (c.type === 'minHoursDaily' &&
              stats.some((s) => (s.hours > 0 && s.hours < c.minHours) || (s.hours === 0 && !c.allowEmptyDays))) ||
            (c.type === 'earlyMaxBeginningsAtSecondPeriod' &&
              (stats.some((s) => s.hours > 0 && s.before > 1) ||
                stats.filter((s) => s.hours > 0 && s.before === 1).length > c.maxBeginnings));
          if (broken) problems.push(`${c.type} broken for ${who}`);
        }
        break;
      case 'minDaysBetweenActivities':
      case 'sameStartingTime':
      case 'sameStartingDay':
      case 'notOverlapping': {
        const ps = c.activityIds.map((id) => byId.get(id)).filter((p): p is Placement => p !== undefined);
        for (let i = 0; i < ps.length; i++) {
          for (let j = i + 1; j < ps.length; j++) {
            const x = ps[i];
            const y = ps[j];
            if (!x || !y) continue;
            const ax = activity.get(x.activityId);
            const ay = activity.get(y.activityId);
            const broken =
              (c.type === 'minDaysBetweenActivities' && Math.abs(x.day - y.day) < c.minDays) ||
              (c.type === 'sameStartingTime' && (x.day !== y.day || x.period !== y.period)) ||
              (c.type === 'sameStartingDay' && x.day !== y.day) ||
              (c.type === 'notOverlapping' &&
                x.day === y.day &&
                x.period < y.period + (ay?.duration ?? 1) &&
                y.period < x.period + (ax?.duration ?? 1));
            if (broken) problems.push(`${c.type}: ${x.activityId} ${y.activityId}`);
          }
        }
        break;
      }
      case 'preferredStartingTimes':
      case 'preferredTimeSlots':
        for (const a of selected(c.activities)) {
          const p = byId.get(a.id);
          if (!p) continue;
          const ok =
            c.type === 'preferredStartingTimes'
              ? c.slots.some((s) => s.day === p.day && s.period === p.period)
              : cells(a).every(([d, h]) => c.slots.some((s) => s.day === d + 1 && s.period === h + 1));
          if (!ok) problems.push(`${c.type}: ${a.id}`);
        }
        break;
      case 'preferredRooms':
        for (const a of selected(c.activities)) {
          const p = byId.get(a.id);
          if (p && !c.roomIds.includes(p.roomId ?? '')) problems.push(`preferredRooms: ${a.id} in ${p.roomId ?? 'no room'}`);
        }
        break;
      case 'roomNotAvailable':
        for (const a of placed) {
          if (byId.get(a.id)?.roomId !== c.roomId) continue;
          if (cells(a).some(([d, h]) => c.slots.some((s) => s.day === d + 1 && s.period === h + 1)))
            problems.push(`roomNotAvailable: ${a.id}`);
        }
        break;
      default:
        break;
    }
  }
  return problems;
}

/**
 * Exhaustive search (tiny plans only): is there a timetable placing every activity with no hard rule broken?
 * Rooms are tried as well when an activity has hard preferred rooms.
 */
export function bruteForceSolvable(plan: Plan): boolean {
  const H = plan.periods.length;
  const D = plan.days.length;
  const order = [...plan.activities];
  const placements: Placement[] = [];
  const roomsFor = (a: Activity): (string | undefined)[] => {
    const rules = plan.constraints.filter(
      (c) => c.type === 'preferredRooms' && c.weight >= 100 && (c.activities.activityIds ?? []).includes(a.id),
    );
    if (rules.length === 0) return [undefined];
    return plan.rooms.map((r) => r.id).filter((id) => rules.every((c) => c.type === 'preferredRooms' && c.roomIds.includes(id)));
  };
  const partialOk = (): boolean =>
    naiveHardViolations(plan, placements).every(
      (v) => v.startsWith('minDaysPerWeek') || v.startsWith('minHoursDaily') || v.startsWith('maxGapsPer') || v.startsWith('earlyMax'),
    );
  const go = (i: number): boolean => {
    if (i === order.length) return naiveHardViolations(plan, placements).length === 0;
    const a = order[i];
    if (!a) return false;
    for (let d = 1; d <= D; d++) {
      for (let h = 1; h + a.duration - 1 <= H; h++) {
        for (const room of roomsFor(a)) {
          placements.push(
            room === undefined ? { activityId: a.id, day: d, period: h } : { activityId: a.id, day: d, period: h, roomId: room },
          );
          if (partialOk() && go(i + 1)) return true;
          placements.pop();
        }
      }
    }
    return false;
  };
  return go(0);
}
