import type { Constraint } from '../model.js';
import { writeActivityConstraint } from './export-activity-rules.js';
import type { FetWriter } from './export-writer.js';

/** Writes one plan constraint as FET elements (time rules of people and places here, activity rules beside). */
export function writeConstraint(wr: FetWriter, c: Constraint): void {
  const { plan, subjectTags, skip, time, space, teacherName, setName, tagName, roomName, block, times, target } = wr;
  const w = c.weight;
  const comment = c.comment ?? '';
  switch (c.type) {
    case 'breakTimes':
      block(
        time,
        'ConstraintBreakTimes',
        w,
        [['Number_of_Break_Times', c.slots.length]],
        times(c.slots, 'Break_Time', 'Day', 'Hour'),
        comment,
      );
      return;
    case 'notAvailable': {
      const raw = times(c.slots, 'Not_Available_Time', 'Day', 'Hour');
      if (c.target.kind === 'teacher') {
        const ids = c.target.teacherId === undefined ? plan.teachers.map((t) => t.id) : [c.target.teacherId];
        for (const id of ids) {
          block(
            time,
            'ConstraintTeacherNotAvailableTimes',
            w,
            [
              ['Teacher', teacherName.get(id) ?? ''],
              ['Number_of_Not_Available_Times', c.slots.length],
            ],
            raw,
            comment,
          );
        }
      } else {
        const ids =
          c.target.studentSetId === undefined
            ? plan.studentSets.filter((s) => s.parentIds.length === 0).map((s) => s.id)
            : [c.target.studentSetId];
        for (const id of ids) {
          block(
            time,
            'ConstraintStudentsSetNotAvailableTimes',
            w,
            [
              ['Students', setName.get(id) ?? ''],
              ['Number_of_Not_Available_Times', c.slots.length],
            ],
            raw,
            comment,
          );
        }
      }
      return;
    }
    case 'roomNotAvailable':
      block(
        space,
        'ConstraintRoomNotAvailableTimes',
        w,
        [
          ['Room', roomName.get(c.roomId) ?? ''],
          ['Number_of_Not_Available_Times', c.slots.length],
        ],
        times(c.slots, 'Not_Available_Time', 'Day', 'Hour'),
        comment,
      );
      return;
    case 'maxHoursDaily': {
      const t = target(
        c.target,
        'ConstraintTeacherMaxHoursDaily',
        'ConstraintTeachersMaxHoursDaily',
        'ConstraintStudentsSetMaxHoursDaily',
        'ConstraintStudentsMaxHoursDaily',
      );
      if (t) block(time, t.name, w, [...t.who, ['Maximum_Hours_Daily', c.maxHours]], [], comment);
      return;
    }
    case 'minHoursDaily': {
      const t = target(
        c.target,
        'ConstraintTeacherMinHoursDaily',
        'ConstraintTeachersMinHoursDaily',
        'ConstraintStudentsSetMinHoursDaily',
        'ConstraintStudentsMinHoursDaily',
      );
      if (t) block(time, t.name, w, [...t.who, ['Minimum_Hours_Daily', c.minHours], ['Allow_Empty_Days', c.allowEmptyDays]], [], comment);
      return;
    }
    case 'maxHoursContinuously': {
      const t = target(
        c.target,
        'ConstraintTeacherMaxHoursContinuously',
        'ConstraintTeachersMaxHoursContinuously',
        'ConstraintStudentsSetMaxHoursContinuously',
        'ConstraintStudentsMaxHoursContinuously',
      );
      if (t) block(time, t.name, w, [...t.who, ['Maximum_Hours_Continuously', c.maxHours]], [], comment);
      return;
    }
    case 'maxGapsPerDay': {
      const t = target(
        c.target,
        'ConstraintTeacherMaxGapsPerDay',
        'ConstraintTeachersMaxGapsPerDay',
        'ConstraintStudentsSetMaxGapsPerDay',
        'ConstraintStudentsMaxGapsPerDay',
      );
      if (t) block(time, t.name, w, [...t.who, ['Max_Gaps', c.maxGaps]], [], comment);
      return;
    }
    case 'maxGapsPerWeek': {
      const t = target(
        c.target,
        'ConstraintTeacherMaxGapsPerWeek',
        'ConstraintTeachersMaxGapsPerWeek',
        'ConstraintStudentsSetMaxGapsPerWeek',
        'ConstraintStudentsMaxGapsPerWeek',
      );
      if (t) block(time, t.name, w, [...t.who, ['Max_Gaps', c.maxGaps]], [], comment);
      return;
    }
    case 'maxDaysPerWeek': {
      const t = target(
        c.target,
        'ConstraintTeacherMaxDaysPerWeek',
        'ConstraintTeachersMaxDaysPerWeek',
        'ConstraintStudentsSetMaxDaysPerWeek',
        'ConstraintStudentsMaxDaysPerWeek',
      );
      if (t) block(time, t.name, w, [...t.who, ['Max_Days_Per_Week', c.maxDays]], [], comment);
      return;
    }
    case 'minDaysPerWeek':
      if (c.target.kind !== 'teacher') {
        skip('minDaysPerWeek (students)');
        return;
      }
      if (c.target.teacherId === undefined)
        block(time, 'ConstraintTeachersMinDaysPerWeek', w, [['Minimum_Days_Per_Week', c.minDays]], [], comment);
      else {
        block(
          time,
          'ConstraintTeacherMinDaysPerWeek',
          w,
          [
            ['Teacher_Name', teacherName.get(c.target.teacherId) ?? ''],
            ['Minimum_Days_Per_Week', c.minDays],
          ],
          [],
          comment,
        );
      }
      return;
    case 'earlyMaxBeginningsAtSecondPeriod':
      if (c.target.studentSetId === undefined) {
        block(
          time,
          'ConstraintStudentsEarlyMaxBeginningsAtSecondHour',
          w,
          [['Max_Beginnings_At_Second_Hour', c.maxBeginnings]],
          [],
          comment,
        );
      } else {
        block(
          time,
          'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour',
          w,
          [
            ['Students', setName.get(c.target.studentSetId) ?? ''],
            ['Max_Beginnings_At_Second_Hour', c.maxBeginnings],
          ],
          [],
          comment,
        );
      }
      return;
    case 'subjectMaxHoursDaily':
    case 'tagMaxHoursDaily': {
      const tag = c.type === 'subjectMaxHoursDaily' ? subjectTags.get(c.subjectId) : tagName.get(c.tagId);
      if (tag === undefined) return;
      if (c.target.kind === 'teacher') {
        if (c.target.teacherId === undefined) {
          block(
            time,
            'ConstraintTeachersActivityTagMaxHoursDaily',
            w,
            [
              ['Activity_Tag_Name', tag],
              ['Maximum_Hours_Daily', c.maxHours],
            ],
            [],
            comment,
          );
        } else {
          block(
            time,
            'ConstraintTeacherActivityTagMaxHoursDaily',
            w,
            [
              ['Teacher_Name', teacherName.get(c.target.teacherId) ?? ''],
              ['Activity_Tag_Name', tag],
              ['Maximum_Hours_Daily', c.maxHours],
            ],
            [],
            comment,
          );
        }
      } else if (c.target.studentSetId === undefined) {
        block(
          time,
          'ConstraintStudentsActivityTagMaxHoursDaily',
          w,
          [
            ['Activity_Tag', tag],
            ['Maximum_Hours_Daily', c.maxHours],
          ],
          [],
          comment,
        );
      } else {
        block(
          time,
          'ConstraintStudentsSetActivityTagMaxHoursDaily',
          w,
          [
            ['Maximum_Hours_Daily', c.maxHours],
            ['Students', setName.get(c.target.studentSetId) ?? ''],
            ['Activity_Tag', tag],
          ],
          [],
          comment,
        );
      }
      return;
    }
    default:
      writeActivityConstraint(wr, c);
  }
}
