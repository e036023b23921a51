import { z } from 'zod';
import { text } from './fields.js';

// The constraints of a timetable plan, as the generator reads them (packages/timetabling, model.ts): the API
// speaks the generator's own shape. Ids inside are text: a teacher's or room's id is the campus record's id
// written as text ("12"), an activity's the plan activity's id ("345"), student sets, subjects and tags the
// plan's own ids. Weight 100 is hard; below 100 soft, each violation costing weight / 100 in the soft score.

const refId = () => text().min(1).max(40);
const weight = () => z.number().min(0).max(100);
const count = (max: number) => z.number().int().min(0).max(max);

export const timetableSlotSchema = z.strictObject({
  day: z.number().int().min(1).max(31),
  period: z.number().int().min(1).max(31),
});
export type TimetableSlot = z.infer<typeof timetableSlotSchema>;

const slots = () => z.array(timetableSlotSchema).max(31 * 31);

export const timetableTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('teacher'), teacherId: refId().optional() }),
  z.strictObject({ kind: z.literal('studentSet'), studentSetId: refId().optional() }),
]);
export type TimetableTarget = z.infer<typeof timetableTargetSchema>;

export const timetableSelectorSchema = z.strictObject({
  activityIds: z.array(refId()).max(2000).optional(),
  teacherId: refId().optional(),
  studentSetId: refId().optional(),
  subjectId: refId().optional(),
  tagId: refId().optional(),
  duration: z.number().int().min(1).max(31).optional(),
  onlyTeacher: z.boolean().optional(),
  onlyStudentSet: z.boolean().optional(),
  componentNumber: z.number().int().min(1).max(50).optional(),
});

const base = { weight: weight(), comment: text().max(500).optional() };
const person = { ...base, target: timetableTargetSchema };
const activityList = () => z.array(refId()).min(2).max(200);

/** Every constraint type the generator knows, one object each. */
export const timetableConstraintSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('breakTimes'), slots: slots() }),
  z.strictObject({ ...person, type: z.literal('notAvailable'), slots: slots() }),
  z.strictObject({ ...base, type: z.literal('roomNotAvailable'), roomId: refId(), slots: slots() }),
  z.strictObject({ ...person, type: z.literal('maxHoursDaily'), maxHours: count(24) }),
  z.strictObject({ ...person, type: z.literal('minHoursDaily'), minHours: count(24), allowEmptyDays: z.boolean() }),
  z.strictObject({ ...person, type: z.literal('maxHoursContinuously'), maxHours: count(24) }),
  z.strictObject({ ...person, type: z.literal('maxGapsPerDay'), maxGaps: count(24) }),
  z.strictObject({ ...person, type: z.literal('maxGapsPerWeek'), maxGaps: count(168) }),
  z.strictObject({ ...person, type: z.literal('maxDaysPerWeek'), maxDays: count(7) }),
  z.strictObject({ ...person, type: z.literal('minDaysPerWeek'), minDays: count(7) }),
  z.strictObject({
    ...base,
    type: z.literal('earlyMaxBeginningsAtSecondPeriod'),
    target: z.strictObject({ kind: z.literal('studentSet'), studentSetId: refId().optional() }),
    maxBeginnings: count(7),
  }),
  z.strictObject({ ...person, type: z.literal('subjectMaxHoursDaily'), subjectId: refId(), maxHours: count(24) }),
  z.strictObject({ ...person, type: z.literal('tagMaxHoursDaily'), tagId: refId(), maxHours: count(24) }),
  z.strictObject({
    ...base,
    type: z.literal('preferredStartingTimes'),
    activities: timetableSelectorSchema,
    slots: slots(),
    locked: z.boolean().optional(),
  }),
  z.strictObject({ ...base, type: z.literal('preferredTimeSlots'), activities: timetableSelectorSchema, slots: slots() }),
  z.strictObject({
    ...base,
    type: z.literal('preferredRooms'),
    activities: timetableSelectorSchema,
    roomIds: z.array(refId()).min(1).max(500),
    locked: z.boolean().optional(),
    home: z.boolean().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('minDaysBetweenActivities'),
    activityIds: activityList(),
    minDays: count(6),
    consecutiveIfSameDay: z.boolean(),
  }),
  z.strictObject({ ...base, type: z.literal('sameStartingTime'), activityIds: activityList() }),
  z.strictObject({ ...base, type: z.literal('sameStartingDay'), activityIds: activityList() }),
  z.strictObject({ ...base, type: z.literal('notOverlapping'), activityIds: activityList() }),
  z.strictObject({ ...base, type: z.literal('endsStudentsDay'), activities: timetableSelectorSchema }),
]);
export type TimetableConstraint = z.infer<typeof timetableConstraintSchema>;
export type TimetableConstraintType = TimetableConstraint['type'];

export const TIMETABLE_CONSTRAINT_TYPES = timetableConstraintSchema.options.map((o) => o.shape.type.value);

/** A stored constraint: its id in the plan with the constraint itself. */
export const timetableConstraintRowSchema = z.intersection(z.object({ id: z.number().int() }), timetableConstraintSchema);
export type TimetableConstraintRow = z.infer<typeof timetableConstraintRowSchema>;
