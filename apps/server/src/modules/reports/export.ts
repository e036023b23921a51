import { stringify } from 'csv-stringify/sync';
import type { Locale, ReportMessageKey, ReportSummary } from '@campus/contract';
import { neutraliseCell } from '../../lib/tabular.js';
import { writeXlsxBuffer } from '../../lib/xlsx-stream.js';
import { formatStoredText } from '@campus/contract';

export interface ReportTable {
  title: string;
  header: string[];
  rows: (string | number)[][];
}

/** The summary as the tables of its export, titles and headers in `locale`. */
export function buildReportTables(summary: ReportSummary, locale: Locale): ReportTable[] {
  const t = (key: ReportMessageKey) => formatStoredText(locale, key);
  const countHeader = [t('col.group'), t('col.value'), t('col.count')];
  const grouped = (group: ReportMessageKey, rows: { value: string; count: number }[]) =>
    rows.map((r) => [t(group), r.value, r.count] as (string | number)[]);
  return [
    {
      title: t('sheet.students'),
      header: countHeader,
      rows: [
        [t('group.total'), '', summary.students.total],
        ...grouped(
          'group.studentStatus',
          summary.students.byStatus.map((r) => ({ value: r.status, count: r.count })),
        ),
        ...grouped(
          'group.grade',
          summary.students.byGrade.map((r) => ({ value: r.grade, count: r.count })),
        ),
        ...grouped(
          'group.class',
          summary.students.byClass.map((r) => ({ value: `${r.grade} ${r.className}`.trim(), count: r.count })),
        ),
        ...grouped(
          'group.province',
          summary.students.byProvince.map((r) => ({ value: r.regionCode ? r.name : t('group.noProvince'), count: r.count })),
        ),
      ],
    },
    {
      title: t('sheet.staff'),
      header: countHeader,
      rows: [
        ...grouped(
          'group.teacherStatus',
          summary.teachers.byStatus.map((r) => ({ value: r.status, count: r.count })),
        ),
        ...grouped(
          'group.managerStatus',
          summary.managers.byStatus.map((r) => ({ value: r.status, count: r.count })),
        ),
      ],
    },
    {
      title: t('sheet.courses'),
      header: countHeader,
      rows: [
        [t('group.term'), summary.term ? `${summary.term.academicYear} ${summary.term.name}` : '', summary.courses.total],
        ...grouped(
          'group.courseStatus',
          summary.courses.byStatus.map((r) => ({ value: r.status, count: r.count })),
        ),
        [t('group.enrolments'), '', summary.courses.enrolments],
        [t('col.capacity'), '', summary.courses.capacity],
      ],
    },
    {
      title: t('sheet.fillRates'),
      header: [t('col.code'), t('col.name'), t('col.enrolled'), t('col.capacity'), t('col.rate')],
      rows: summary.fillRates.map((f) => [f.code, f.name, f.enrolled, f.capacity, f.rate]),
    },
    {
      title: t('sheet.teacherHours'),
      header: [t('col.code'), t('col.name'), t('col.entries'), t('col.weeklyHours')],
      rows: summary.teacherHours.map((h) => [h.staffNo, h.name, h.entries, h.weeklyHours]),
    },
    {
      title: t('sheet.roomUse'),
      header: [t('col.code'), t('col.name'), t('col.capacity'), t('col.bookedHours'), t('col.availableHours'), t('col.rate')],
      rows: summary.roomUse.map((r) => [r.code, r.name, r.capacity, r.bookedHours, r.availableHours, r.rate]),
    },
    {
      title: t('sheet.newStudents'),
      header: [t('col.month'), t('col.count')],
      rows: summary.newStudentsByMonth.map((m) => [m.month, m.count]),
    },
  ];
}

/** Numbers stay numbers so the workbook sums and charts them; text is a text cell (the guard is the cell type). */
export async function writeReportXlsx(tables: ReportTable[]): Promise<Buffer> {
  return writeXlsxBuffer(
    tables.map((table) => ({
      name: table.title,
      columns: table.header.map((header, i) => ({
        header,
        kind: table.rows.length > 0 && table.rows.every((r) => typeof r[i] === 'number') ? ('number' as const) : ('text' as const),
      })),
      rows: table.rows,
    })),
  );
}

/** The tables one after another, each under a title row and followed by an empty row; UTF-8 with BOM for Excel. */
export function writeReportCsv(tables: ReportTable[]): Buffer {
  const records: string[][] = [];
  for (const [i, table] of tables.entries()) {
    if (i > 0) records.push([]);
    records.push([neutraliseCell(table.title)]);
    records.push(table.header.map(neutraliseCell));
    for (const r of table.rows) records.push(r.map((v) => neutraliseCell(String(v))));
  }
  const body = stringify(records, { eof: true, record_delimiter: '\r\n' });
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(body, 'utf8')]);
}
