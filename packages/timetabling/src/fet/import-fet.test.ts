import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetExample } from '../test-support/fet-data.js';
import { importFet } from './import-fet.js';
import { FetFileError } from './safe-xml.js';

/** Counts read straight from the file with a regular expression, to hold the importer's counts to. */
function countElements(xml: string, name: string): number {
  return (xml.match(new RegExp(`<${name}>`, 'g')) ?? []).length;
}

describe('importFet on FET example schools (from the installed fet-data package)', () => {
  it('reads an Italian high school: activities with splits, years > groups > subgroups, every constraint type', () => {
    const file = fetExample('FET-5-official/Italy/2007/simple/simpler-Italian.fet');
    const xml = fs.readFileSync(file, 'utf8');
    const { plan, report } = importFet(fs.readFileSync(file));
    expect(report.counts).toMatchObject({
      days: 6,
      periods: 6,
      activities: 479,
      years: 5,
      groups: 21,
      subgroups: 21,
      studentSets: 47,
      teachers: 37,
      rooms: 8,
    });
    expect(report.counts.activities).toBe(countElements(xml, 'Activity'));
    expect(report.constraints.ignored).toEqual([]);
    expect(report.constraints.imported).toBe(224);
    expect(report.constraints.importedByType).toContainEqual({ type: 'ConstraintMinDaysBetweenActivities', count: 151 });
    expect(report.constraints.importedByType).toContainEqual({ type: 'ConstraintStudentsEarlyMaxBeginningsAtSecondHour', count: 1 });
    expect(report.warnings).toEqual([]);
    // Splits: FET's Activity_Group_Id 9 holds activities 9, 10 and 11.
    const split = plan.activities.filter((a) => a.groupId === 'g9');
    expect(split.map((a) => a.externalId)).toEqual([9, 10, 11]);
    // Students: group "1 A" is in year "1", subgroup "1A" in group "1 A".
    const byName = new Map(plan.studentSets.map((s) => [s.name, s]));
    expect(byName.get('1 A')?.parentIds).toEqual([byName.get('1')?.id]);
    expect(byName.get('1A')).toMatchObject({ kind: 'subgroup', parentIds: [byName.get('1 A')?.id] });
    const gaps = plan.constraints.find((c) => c.type === 'maxGapsPerWeek' && c.target.kind === 'studentSet');
    expect(gaps).toMatchObject({ weight: 100, maxGaps: 0, target: { kind: 'studentSet' } });
  });

  it('reads an Indian university and counts the constraint types it leaves out', () => {
    const { report } = importFet(fs.readFileSync(fetExample('FET-5-official/India/Chennai/Anna-University/timetable_July_Nov_09_9.fet')));
    expect(report.counts).toMatchObject({ activities: 164, studentSets: 12, years: 12, teachers: 26, rooms: 16 });
    expect(report.constraints.imported).toBe(122);
    expect(report.constraints.ignored).toEqual([
      { type: 'ConstraintStudentsIntervalMaxDaysPerWeek', count: 1 },
      { type: 'ConstraintTeachersActivityTagMaxHoursContinuously', count: 1 },
      { type: 'ConstraintTeachersIntervalMaxDaysPerWeek', count: 1 },
    ]);
  });

  it('reads a Belize college, leaving out its inactive activities', () => {
    const file = fetExample('FET-5-official/Belize/Sacred-Heart-College/shc-2013/shc-2013.fet');
    const xml = fs.readFileSync(file, 'utf8');
    const { plan, report } = importFet(xml);
    expect(countElements(xml, 'Activity')).toBe(1003);
    expect(report.counts).toMatchObject({ activities: 989, inactiveActivities: 14, studentSets: 44, teachers: 46 });
    expect(plan.activities).toHaveLength(989);
    expect(report.constraints.ignored).toEqual([
      { type: 'ConstraintTeachersActivityTagMaxHoursContinuously', count: 1 },
      { type: 'ConstraintTwoActivitiesConsecutive', count: 1 },
    ]);
    // Constraints about the inactive activities are left out, not pointed at nothing.
    const ids = new Set(plan.activities.map((a) => a.id));
    for (const c of plan.constraints) if ('activityIds' in c) for (const id of c.activityIds) expect(ids.has(id)).toBe(true);
  });

  it('reads a FET 6 file with subactivity constraints and rooms', () => {
    const { plan, report } = importFet(
      fs.readFileSync(fetExample('FET-6-official/Germany/secondary-school-1/using_subactivities_constraints/German_subact_constr.fet')),
    );
    expect(report.fetVersion).toBe('6.0.0');
    expect(report.counts).toMatchObject({ activities: 589, studentSets: 118, years: 6, groups: 42, subgroups: 70, rooms: 34 });
    expect(report.constraints.ignored).toEqual([]);
    const sub = plan.constraints.find((c) => c.type === 'preferredTimeSlots' && c.activities.componentNumber === 1);
    expect(sub).toBeDefined();
  });
});

describe('importFet refuses bad files with a clear reason', () => {
  const refused = (input: string | Uint8Array, options?: { maxBytes?: number }): FetFileError => {
    try {
      importFet(input, options);
    } catch (error) {
      if (error instanceof FetFileError) return error;
      throw error;
    }
    throw new Error('accepted');
  };

  it('refuses entity declarations (no expansion, no billion laughs)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE fet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><fet><Institution_Name>&b;</Institution_Name></fet>`;
    const error = refused(bomb);
    expect(error.code).toBe('doctype');
    expect(error.message).toMatch(/DOCTYPE/);
  });

  it('refuses a file over the size limit before reading it', () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x20);
    const error = refused(big);
    expect(error.code).toBe('too-large');
    expect(error.message).toMatch(/larger than 20 MiB/);
    expect(refused('<fet/>'.padEnd(2000, ' '), { maxBytes: 1000 }).code).toBe('too-large');
  });

  it('refuses a document whose root is not <fet>', () => {
    const error = refused('<?xml version="1.0"?><html><body/></html>');
    expect(error.code).toBe('wrong-root');
    expect(error.message).toBe('The root element is <html>, expected <fet>');
  });

  it('refuses malformed XML, naming the line', () => {
    const error = refused('<fet>\n<Days_List>\n<Day><Name>Mon</Name></Days_List>\n</fet>');
    expect(error.code).toBe('malformed');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/not well-formed XML/);
  });

  it('refuses bytes that are not UTF-8 and a plan without days', () => {
    expect(refused(new Uint8Array([0x3c, 0x66, 0x65, 0x74, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x66, 0x65, 0x74, 0x3e])).code).toBe('not-utf8');
    const noDays = refused('<fet><Hours_List><Hour><Name>1</Name></Hour></Hours_List></fet>');
    expect(noDays.code).toBe('invalid');
    expect(noDays.message).toMatch(/no days/);
  });

  it('keeps escaped characters as text', () => {
    const { plan } = importFet(
      '<fet><Days_List><Day><Name>Mon &amp; Tue</Name></Day></Days_List><Hours_List><Hour><Name>8&lt;9</Name></Hour></Hours_List><Teachers_List><Teacher><Name>O&apos;Neil &#x4E2D;</Name></Teacher></Teachers_List></fet>',
    );
    expect(plan.days[0]?.name).toBe('Mon & Tue');
    expect(plan.periods[0]?.name).toBe('8<9');
    expect(plan.teachers[0]?.name).toBe("O'Neil 中");
  });
});
