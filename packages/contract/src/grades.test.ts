import { describe, expect, it } from 'vitest';
import { compareClasses, compareGrades } from './grades.js';

describe('grades in the school order', () => {
  it('orders primary, middle and high school grades by year, not by text', () => {
    const grades = ['高三', '初二', '高一', '三年级', '高二', '一年级', '初一'];
    expect([...grades].sort(compareGrades)).toEqual(['一年级', '三年级', '初一', '初二', '高一', '高二', '高三']);
  });

  it('puts grades it does not know after the known ones, by name', () => {
    expect(['预科', '高一', '', '国际部'].sort(compareGrades)).toEqual(['高一', '', '国际部', '预科']);
  });

  it('orders classes by grade, then 2班 before 10班', () => {
    const rows = [
      { grade: '高二', className: '1班' },
      { grade: '高一', className: '10班' },
      { grade: '高一', className: '2班' },
    ];
    expect(rows.sort(compareClasses).map((r) => `${r.grade}${r.className}`)).toEqual(['高一2班', '高一10班', '高二1班']);
  });
});
