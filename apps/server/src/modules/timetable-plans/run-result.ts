import type { TimetablePlacement, TimetableViolation } from '@campus/contract';
import type { GenerateResult, Violation } from '@campus/timetabling';

/** A finished run's outcome as stored on its row and served by the API (record ids as numbers). */
export interface RunResult {
  placements: TimetablePlacement[];
  unplaced: {
    activityId: number;
    reasons: {
      kind: string;
      type: string;
      constraintId: number | null;
      teacherId: number | null;
      studentSetId: string | null;
      roomId: number | null;
      activityIds: number[];
      slots: number;
    }[];
  }[];
  hardViolations: TimetableViolation[];
  softViolations: TimetableViolation[];
  softScore: number;
}

const num = (id: string | undefined): number | null => (id === undefined || !/^\d+$/.test(id) ? null : Number(id));

/** A violation of the generator's, in the API's terms (constraint ids, record ids as numbers). */
export function toViolationDto(v: Violation, constraintIds: number[]): TimetableViolation {
  return {
    constraintId: v.constraintIndex >= 0 ? (constraintIds[v.constraintIndex] ?? null) : null,
    type: v.type,
    hard: v.hard,
    weight: v.weight,
    amount: v.amount,
    cost: v.cost,
    teacherId: num(v.teacherId),
    studentSetId: v.studentSetId ?? null,
    roomId: num(v.roomId),
    activityIds: (v.activityIds ?? []).map(Number),
    days: v.days ?? [],
    message: v.message,
  };
}

export function toRunResult(r: GenerateResult, input: { constraintIds: number[]; externalIds: Map<number, number | null> }): RunResult {
  const { constraintIds, externalIds } = input;
  return {
    placements: r.placements.map((p) => ({
      activityId: Number(p.activityId),
      externalId: externalIds.get(Number(p.activityId)) ?? null,
      day: p.day,
      period: p.period,
      roomId: num(p.roomId),
    })),
    unplaced: r.unplaced.map((u) => ({
      activityId: Number(u.activityId),
      reasons: u.reasons.map((b) => ({
        kind: b.kind,
        type: b.type,
        constraintId: b.constraintIndex >= 0 ? (constraintIds[b.constraintIndex] ?? null) : null,
        teacherId: num(b.teacherId),
        studentSetId: b.studentSetId ?? null,
        roomId: num(b.roomId),
        activityIds: (b.activityIds ?? []).map(Number),
        slots: b.slots,
      })),
    })),
    hardViolations: r.hardViolations.map((v) => toViolationDto(v, constraintIds)),
    softViolations: r.softViolations.map((v) => toViolationDto(v, constraintIds)),
    softScore: r.softScore,
  };
}
