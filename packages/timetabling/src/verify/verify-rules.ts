import { num, str, type Lesson, type Node, type VerifyContext } from './verify-xml.js';

/** Checks one hard FET constraint on the timetable; false when this verifier does not know its type. */
export function checkConstraint(type: string, c: Node, v: VerifyContext): boolean {
  // What the rules read, by kind: the timetable, lookups over it, the helpers that filter and report.
  const { days, hours, H, lessons, placedLessons, slotList, leafNames } = v;
  const { subgroupsOf, busySubgroup, teachersFor, subgroupsFor, profilesOf, nameOf, lessonsOf, matches, componentOf, idsOf, roomsOf } = v;
  const { placedOnly, fail, addRoomRule } = v;
  switch (type) {
    case 'ConstraintBasicCompulsoryTime':
    case 'ConstraintBasicCompulsorySpace':
      break;
    case 'ConstraintBreakTimes':
    case 'ConstraintTeacherNotAvailableTimes':
    case 'ConstraintStudentsSetNotAvailableTimes':
    case 'ConstraintRoomNotAvailableTimes': {
      for (const l of placedLessons) {
        for (let k = 0; k < l.duration; k++) {
          const h = l.hour + k;
          const slot = slotList(c, type === 'ConstraintBreakTimes' ? 'Break_Time' : 'Not_Available_Time', 'Day', 'Hour').some(
            ([d, hh]) => d === l.day && hh === h,
          );
          if (!slot) continue;
          const hit =
            type === 'ConstraintBreakTimes' ||
            (type === 'ConstraintTeacherNotAvailableTimes' && l.teacherNames.includes(str(c, 'Teacher'))) ||
            (type === 'ConstraintStudentsSetNotAvailableTimes' && subgroupsOf(str(c, 'Students')).some((g) => l.subgroups.includes(g))) ||
            (type === 'ConstraintRoomNotAvailableTimes' && l.room === str(c, 'Room'));
          if (hit) fail(type, `activity ${l.id} at a time it cannot be then`, [l.id]);
        }
      }
      break;
    }
    case 'ConstraintActivityPreferredStartingTime': {
      const day = str(c, 'Preferred_Day');
      const hour = str(c, 'Preferred_Hour');
      for (const l of placedOnly(idsOf(c))) {
        if ((day && days.indexOf(day) !== l.day) || (hour && hours.indexOf(hour) !== l.hour))
          fail(type, `activity ${l.id} not at its fixed time`, [l.id]);
      }
      break;
    }
    case 'ConstraintActivityPreferredStartingTimes':
    case 'ConstraintActivitiesPreferredStartingTimes':
    case 'ConstraintSubactivitiesPreferredStartingTimes': {
      const allowed = slotList(c, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour');
      const component = type === 'ConstraintSubactivitiesPreferredStartingTimes' ? num(c, 'Component_Number') : 0;
      const ls =
        type === 'ConstraintActivityPreferredStartingTimes'
          ? idsOf(c)
          : lessons.filter((l) => matches(c, l) && (component === 0 || componentOf(l) === component));
      for (const l of placedOnly(ls))
        if (!allowed.some(([d, h]) => d === l.day && h === l.hour)) fail(type, `activity ${l.id} starts outside its allowed times`, [l.id]);
      break;
    }
    case 'ConstraintActivityPreferredTimeSlots':
    case 'ConstraintActivitiesPreferredTimeSlots':
    case 'ConstraintSubactivitiesPreferredTimeSlots': {
      const allowed = slotList(c, 'Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour');
      const component = type === 'ConstraintSubactivitiesPreferredTimeSlots' ? num(c, 'Component_Number') : 0;
      const ls =
        type === 'ConstraintActivityPreferredTimeSlots'
          ? idsOf(c)
          : lessons.filter((l) => matches(c, l) && (component === 0 || componentOf(l) === component));
      for (const l of placedOnly(ls)) {
        for (let k = 0; k < l.duration; k++) {
          if (!allowed.some(([d, h]) => d === l.day && h === l.hour + k)) {
            fail(type, `activity ${l.id} occupies a time outside its allowed slots`, [l.id]);
            break;
          }
        }
      }
      break;
    }
    case 'ConstraintMinDaysBetweenActivities': {
      const ls = placedOnly(idsOf(c));
      const min = num(c, 'MinDays');
      for (let i = 0; i < ls.length; i++) {
        for (let j = i + 1; j < ls.length; j++) {
          const a = ls[i];
          const b = ls[j];
          if (a && b && Math.abs(a.day - b.day) < min)
            fail(type, `activities ${a.id} and ${b.id} are ${Math.abs(a.day - b.day)} day(s) apart`, [a.id, b.id]);
        }
      }
      break;
    }
    case 'ConstraintActivitiesSameStartingTime':
    case 'ConstraintActivitiesSameStartingDay':
    case 'ConstraintActivitiesNotOverlapping': {
      const ls = placedOnly(idsOf(c));
      for (let i = 0; i < ls.length; i++) {
        for (let j = i + 1; j < ls.length; j++) {
          const a = ls[i];
          const b = ls[j];
          if (!a || !b) continue;
          const broken =
            type === 'ConstraintActivitiesSameStartingTime'
              ? a.day !== b.day || a.hour !== b.hour
              : type === 'ConstraintActivitiesSameStartingDay'
                ? a.day !== b.day
                : a.day === b.day && a.hour < b.hour + b.duration && b.hour < a.hour + a.duration;
          if (broken) fail(type, `activities ${a.id} and ${b.id}`, [a.id, b.id]);
        }
      }
      break;
    }
    case 'ConstraintActivityEndsStudentsDay':
    case 'ConstraintActivitiesEndStudentsDay': {
      const ls = type === 'ConstraintActivityEndsStudentsDay' ? idsOf(c) : lessons.filter((l) => matches(c, l));
      for (const l of placedOnly(ls)) {
        for (const g of l.subgroups) {
          for (let h = l.hour + l.duration; h < H; h++)
            if (busySubgroup(g, l.day, h)) fail(type, `activity ${l.id} is not the last of the day for ${leafNames[g]}`, [l.id]);
        }
      }
      break;
    }
    case 'ConstraintTeacherMaxHoursDaily':
    case 'ConstraintTeachersMaxHoursDaily':
    case 'ConstraintStudentsSetMaxHoursDaily':
    case 'ConstraintStudentsMaxHoursDaily':
    case 'ConstraintTeacherMinHoursDaily':
    case 'ConstraintTeachersMinHoursDaily':
    case 'ConstraintStudentsSetMinHoursDaily':
    case 'ConstraintStudentsMinHoursDaily':
    case 'ConstraintTeacherMaxHoursContinuously':
    case 'ConstraintTeachersMaxHoursContinuously':
    case 'ConstraintStudentsSetMaxHoursContinuously':
    case 'ConstraintStudentsMaxHoursContinuously':
    case 'ConstraintTeacherMaxGapsPerDay':
    case 'ConstraintTeachersMaxGapsPerDay':
    case 'ConstraintStudentsSetMaxGapsPerDay':
    case 'ConstraintStudentsMaxGapsPerDay':
    case 'ConstraintTeacherMaxGapsPerWeek':
    case 'ConstraintTeachersMaxGapsPerWeek':
    case 'ConstraintStudentsSetMaxGapsPerWeek':
    case 'ConstraintStudentsMaxGapsPerWeek':
    case 'ConstraintTeacherMaxDaysPerWeek':
    case 'ConstraintTeachersMaxDaysPerWeek':
    case 'ConstraintStudentsSetMaxDaysPerWeek':
    case 'ConstraintStudentsMaxDaysPerWeek':
    case 'ConstraintTeacherMinDaysPerWeek':
    case 'ConstraintTeachersMinDaysPerWeek':
    case 'ConstraintStudentsEarlyMaxBeginningsAtSecondHour':
    case 'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour':
    case 'ConstraintTeacherActivityTagMaxHoursDaily':
    case 'ConstraintTeachersActivityTagMaxHoursDaily':
    case 'ConstraintStudentsSetActivityTagMaxHoursDaily':
    case 'ConstraintStudentsActivityTagMaxHoursDaily': {
      const kind = type.startsWith('ConstraintTeacher') ? 'teacher' : 'subgroup';
      const whos = kind === 'teacher' ? teachersFor(c) : subgroupsFor(c);
      const tag = str(c, 'Activity_Tag_Name') || str(c, 'Activity_Tag');
      const only = type.includes('ActivityTag') ? (l: Lesson): boolean => l.tags.includes(tag) : undefined;
      for (const who of whos) {
        if (who < 0) continue;
        const profile = profilesOf(kind, who, only);
        const limit = (field: string): number => num(c, field);
        let broken = '';
        if (type.endsWith('MaxHoursDaily')) {
          const max = limit('Maximum_Hours_Daily');
          if (profile.some((p) => p.hours > max)) broken = `more than ${max} hours in a day`;
        } else if (type.endsWith('MinHoursDaily')) {
          const min = limit('Minimum_Hours_Daily');
          const allowEmpty = str(c, 'Allow_Empty_Days') === '' ? kind === 'teacher' : str(c, 'Allow_Empty_Days') === 'true';
          if (profile.some((p) => (p.hours > 0 && p.hours < min) || (p.hours === 0 && !allowEmpty)))
            broken = `fewer than ${min} hours in a day`;
        } else if (type.endsWith('MaxHoursContinuously')) {
          const max = limit('Maximum_Hours_Continuously');
          if (profile.some((p) => p.longestRun > max)) broken = `more than ${max} hours in a row`;
        } else if (type.endsWith('MaxGapsPerDay')) {
          const max = limit('Max_Gaps');
          if (profile.some((p) => p.gaps > max)) broken = `more than ${max} gaps in a day`;
        } else if (type.endsWith('MaxGapsPerWeek')) {
          const max = limit('Max_Gaps');
          const gaps = profile.reduce((s, p) => s + p.gaps, 0);
          if (gaps > max) broken = `${gaps} gaps in the week, more than ${max}`;
        } else if (type.endsWith('MaxDaysPerWeek')) {
          const max = limit('Max_Days_Per_Week');
          const n = profile.filter((p) => p.hours > 0).length;
          if (n > max) broken = `${n} days, more than ${max}`;
        } else if (type.endsWith('MinDaysPerWeek')) {
          const min = limit('Minimum_Days_Per_Week');
          const n = profile.filter((p) => p.hours > 0).length;
          if (n < min) broken = `${n} days, fewer than ${min}`;
        } else if (type.endsWith('EarlyMaxBeginningsAtSecondHour')) {
          const max = limit('Max_Beginnings_At_Second_Hour');
          const late = profile.filter((p) => p.hours > 0 && p.before >= 1).length;
          if (profile.some((p) => p.hours > 0 && p.before > 1)) broken = 'a day beginning later than the second hour';
          else if (late > max) broken = `${late} days beginning at the second hour, more than ${max}`;
        }
        if (broken) fail(type, `${nameOf(kind, who)}: ${broken}`, lessonsOf(kind, who));
      }
      break;
    }
    case 'ConstraintActivityPreferredRoom':
    case 'ConstraintActivityPreferredRooms':
      addRoomRule(idsOf(c), roomsOf(c), false, type);
      break;
    case 'ConstraintSubjectPreferredRoom':
    case 'ConstraintSubjectPreferredRooms':
      addRoomRule(
        lessons.filter((l) => l.subject === str(c, 'Subject')),
        roomsOf(c),
        false,
        type,
      );
      break;
    case 'ConstraintSubjectActivityTagPreferredRoom':
    case 'ConstraintSubjectActivityTagPreferredRooms':
      addRoomRule(
        lessons.filter((l) => l.subject === str(c, 'Subject') && l.tags.includes(str(c, 'Activity_Tag'))),
        roomsOf(c),
        false,
        type,
      );
      break;
    case 'ConstraintActivityTagPreferredRoom':
    case 'ConstraintActivityTagPreferredRooms':
      addRoomRule(
        lessons.filter((l) => l.tags.includes(str(c, 'Activity_Tag'))),
        roomsOf(c),
        false,
        type,
      );
      break;
    case 'ConstraintStudentsSetHomeRoom':
    case 'ConstraintStudentsSetHomeRooms':
      addRoomRule(
        lessons.filter((l) => l.studentNames.length === 1 && l.studentNames[0] === str(c, 'Students')),
        roomsOf(c),
        true,
        type,
      );
      break;
    case 'ConstraintTeacherHomeRoom':
    case 'ConstraintTeacherHomeRooms':
      addRoomRule(
        lessons.filter((l) => l.teacherNames.length === 1 && l.teacherNames[0] === str(c, 'Teacher')),
        roomsOf(c),
        true,
        type,
      );
      break;
    default:
      return false;
  }
  return true;
}
