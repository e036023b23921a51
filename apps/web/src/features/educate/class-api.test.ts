import type { Grade, SchoolClass } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { groupClassesByGrade } from './class-api';

const grade = (id: number, name: string): Grade => ({ id, name }) as Grade;
const klass = (id: number, gradeId: number, name: string): SchoolClass => ({ id, gradeId, name }) as SchoolClass;

describe('groupClassesByGrade', () => {
  it('keeps the grades in the school order and numbers classes as numbers (2班 before 10班)', () => {
    const grades = [grade(7, '高一'), grade(3, '高二')];
    const groups = groupClassesByGrade(
      [klass(1, 3, '10班'), klass(2, 7, '10班'), klass(3, 7, '2班'), klass(4, 3, '1班'), klass(5, 7, '1班')],
      grades,
    );
    expect(groups.map((g) => g.gradeName)).toEqual(['高一', '高二']);
    expect(groups[0]?.classes.map((c) => c.label)).toEqual(['高一 1班', '高一 2班', '高一 10班']);
    expect(groups[1]?.classes.map((c) => c.value)).toEqual([4, 1]);
  });
});
