import type { Constraint } from '../model.js';
import { escapeXml, type FetWriter } from './export-writer.js';

/** Writes a constraint on activities (preferred times and rooms, min days, same start, not overlapping, ends the day). */
export function writeActivityConstraint(wr: FetWriter, c: Constraint): void {
  const { fetIds, fetIdsOf, skip, time, space, block, times, filterFields, isFilter } = wr;
  const { teacherName, setName, subjectName, tagName, roomName, dayName, hourName } = wr;
  const w = c.weight;
  const comment = c.comment ?? '';
  switch (c.type) {
    case 'preferredStartingTimes':
    case 'preferredTimeSlots': {
      const starting = c.type === 'preferredStartingTimes';
      const slotLines = starting
        ? times(c.slots, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour')
        : times(c.slots, 'Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour');
      const countField: [string, number] = starting
        ? ['Number_of_Preferred_Starting_Times', c.slots.length]
        : ['Number_of_Preferred_Time_Slots', c.slots.length];
      if (isFilter(c.activities)) {
        const sub = c.activities.componentNumber !== undefined;
        const name = sub
          ? starting
            ? 'ConstraintSubactivitiesPreferredStartingTimes'
            : 'ConstraintSubactivitiesPreferredTimeSlots'
          : starting
            ? 'ConstraintActivitiesPreferredStartingTimes'
            : 'ConstraintActivitiesPreferredTimeSlots';
        const fields: [string, string | number | boolean][] = sub ? [['Component_Number', c.activities.componentNumber ?? 1]] : [];
        block(time, name, w, [...fields, ...filterFields(c.activities), countField], slotLines, comment);
        return;
      }
      for (const id of fetIdsOf(c.activities)) {
        const first = c.slots[0];
        if (starting && c.slots.length === 1 && first) {
          block(
            time,
            'ConstraintActivityPreferredStartingTime',
            w,
            [
              ['Activity_Id', id],
              ['Preferred_Day', dayName(first.day)],
              ['Preferred_Hour', hourName(first.period)],
              ['Permanently_Locked', c.locked === true],
            ],
            [],
            comment,
          );
        } else {
          block(
            time,
            starting ? 'ConstraintActivityPreferredStartingTimes' : 'ConstraintActivityPreferredTimeSlots',
            w,
            [['Activity_Id', id], countField],
            slotLines,
            comment,
          );
        }
      }
      return;
    }
    case 'preferredRooms': {
      const s = c.activities;
      const rooms = c.roomIds.map((id) => roomName.get(id) ?? '');
      const roomLines = rooms.map((name) => `\t<Preferred_Room>${escapeXml(name)}</Preferred_Room>`);
      const one = rooms.length === 1;
      const firstRoom = rooms[0] ?? '';
      const onlyKeys = (keys: string[]): boolean =>
        Object.entries(s).every(([key, value]) => value === undefined || keys.includes(key)) &&
        keys.every((k) => (s as Record<string, unknown>)[k] !== undefined);
      if (c.home === true && onlyKeys(['studentSetId', 'onlyStudentSet'])) {
        const who: [string, string] = ['Students', setName.get(s.studentSetId ?? '') ?? ''];
        if (one) block(space, 'ConstraintStudentsSetHomeRoom', w, [who, ['Room', firstRoom]], [], comment);
        else block(space, 'ConstraintStudentsSetHomeRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
        return;
      }
      if (c.home === true && onlyKeys(['teacherId', 'onlyTeacher'])) {
        const who: [string, string] = ['Teacher', teacherName.get(s.teacherId ?? '') ?? ''];
        if (one) block(space, 'ConstraintTeacherHomeRoom', w, [who, ['Room', firstRoom]], [], comment);
        else block(space, 'ConstraintTeacherHomeRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
        return;
      }
      if (c.home !== true && onlyKeys(['subjectId'])) {
        const who: [string, string] = ['Subject', subjectName.get(s.subjectId ?? '') ?? ''];
        if (one) block(space, 'ConstraintSubjectPreferredRoom', w, [who, ['Room', firstRoom]], [], comment);
        else block(space, 'ConstraintSubjectPreferredRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
        return;
      }
      if (c.home !== true && onlyKeys(['subjectId', 'tagId'])) {
        const who: [string, string][] = [
          ['Subject', subjectName.get(s.subjectId ?? '') ?? ''],
          ['Activity_Tag', tagName.get(s.tagId ?? '') ?? ''],
        ];
        if (one) block(space, 'ConstraintSubjectActivityTagPreferredRoom', w, [...who, ['Room', firstRoom]], [], comment);
        else
          block(
            space,
            'ConstraintSubjectActivityTagPreferredRooms',
            w,
            [...who, ['Number_of_Preferred_Rooms', rooms.length]],
            roomLines,
            comment,
          );
        return;
      }
      if (c.home !== true && onlyKeys(['tagId'])) {
        const who: [string, string] = ['Activity_Tag', tagName.get(s.tagId ?? '') ?? ''];
        if (one) block(space, 'ConstraintActivityTagPreferredRoom', w, [who, ['Room', firstRoom]], [], comment);
        else block(space, 'ConstraintActivityTagPreferredRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
        return;
      }
      if (c.home === true) {
        skip('preferredRooms (home rooms of a custom selection)');
        return;
      }
      for (const id of fetIdsOf(s)) {
        if (one)
          block(
            space,
            'ConstraintActivityPreferredRoom',
            w,
            [
              ['Activity_Id', id],
              ['Room', firstRoom],
              ['Permanently_Locked', c.locked === true],
            ],
            [],
            comment,
          );
        else
          block(
            space,
            'ConstraintActivityPreferredRooms',
            w,
            [
              ['Activity_Id', id],
              ['Number_of_Preferred_Rooms', rooms.length],
            ],
            roomLines,
            comment,
          );
      }
      return;
    }
    case 'minDaysBetweenActivities': {
      const ids = c.activityIds.map((id) => fetIds.get(id)).filter((id): id is number => id !== undefined);
      block(
        time,
        'ConstraintMinDaysBetweenActivities',
        w,
        [
          ['Consecutive_If_Same_Day', c.consecutiveIfSameDay],
          ['Number_of_Activities', ids.length],
        ],
        [...ids.map((id) => `\t<Activity_Id>${id}</Activity_Id>`), `\t<MinDays>${c.minDays}</MinDays>`],
        comment,
      );
      return;
    }
    case 'sameStartingTime':
    case 'sameStartingDay':
    case 'notOverlapping': {
      const name =
        c.type === 'sameStartingTime'
          ? 'ConstraintActivitiesSameStartingTime'
          : c.type === 'sameStartingDay'
            ? 'ConstraintActivitiesSameStartingDay'
            : 'ConstraintActivitiesNotOverlapping';
      const ids = c.activityIds.map((id) => fetIds.get(id)).filter((id): id is number => id !== undefined);
      block(
        time,
        name,
        w,
        [['Number_of_Activities', ids.length]],
        ids.map((id) => `\t<Activity_Id>${id}</Activity_Id>`),
        comment,
      );
      return;
    }
    case 'endsStudentsDay':
      if (isFilter(c.activities) && c.activities.componentNumber === undefined && c.activities.duration === undefined) {
        block(time, 'ConstraintActivitiesEndStudentsDay', w, filterFields(c.activities).slice(0, 4), [], comment);
        return;
      }
      for (const id of fetIdsOf(c.activities)) block(time, 'ConstraintActivityEndsStudentsDay', w, [['Activity_Id', id]], [], comment);
      return;
  }
}
