import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Select from '@arco-design/web-react/es/Select';
import Spin from '@arco-design/web-react/es/Spin';
import { IconDownload, IconPrinter, IconRefresh } from '@arco-design/web-react/icon';
import { VALUE_LABELS, type Locale, type ReportSummary, Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { EChart, type ChartPalette } from '../../lib/charts/echart';
import type { EChartsCoreOption } from '../../lib/charts/echarts-core';
import { showSuccess } from '../../lib/feedback';
import { formatCount } from '../../lib/format';
import { translate, useLocaleStore, useT, type Translate } from '../../lib/i18n';
import { formatTermLabel } from '../../lib/term-label';
import { downloadFile } from '../../lib/list-page/download';
import { isTypedInText } from '../../lib/option-search';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { DataTable } from './data-table';
import { fetchSummary, fetchTerms, reportKeys } from './report-api';
import { barChartHeight, buildBarOption, buildColumnOption, buildPieOption, buildTrendOption, formatRate } from './report-charts';
import './report-messages';
import './summary-page.css';
import { PersonLink } from '../../lib/person-link';

/** The horizontal charts show the first rows; their tables beside them show every row. */
const CHART_ROWS = 15;

function labelValue(locale: Locale, set: 'studentStatus' | 'staffStatus', value: string): string {
  const labels: Record<string, Record<Locale, string>> = VALUE_LABELS[set];
  return labels[value]?.[locale] ?? value;
}

interface SectionProps {
  title: string;
  chart?: { build: (palette: ChartPalette) => EChartsCoreOption; height: number; isEmpty: boolean };
  children: ReactNode;
  testId: string;
}

/** A chart with its numbers beside it. */
function ReportSection({ title, chart, children, testId }: SectionProps) {
  return (
    <Card bordered={false} className="report-section" title={title} data-testid={testId}>
      <div className={chart ? 'report-section-body' : undefined}>
        {chart && !chart.isEmpty && <EChart buildOption={chart.build} height={chart.height} label={title} className="report-chart" />}
        <div className="report-section-numbers">{children}</div>
      </div>
    </Card>
  );
}

function NumberCards({ summary, t }: { summary: ReportSummary; t: Translate }) {
  const overall = summary.courses.capacity ? summary.courses.enrolments / summary.courses.capacity : 0;
  const cards = [
    { key: 'students', value: formatCount(summary.students.total) },
    { key: 'teachers', value: formatCount(summary.teachers.total) },
    { key: 'managers', value: formatCount(summary.managers.total) },
    { key: 'courses', value: formatCount(summary.courses.total) },
    { key: 'enrolments', value: formatCount(summary.courses.enrolments) },
    {
      key: 'fillRate',
      value: formatRate(overall),
      note: t('report.card.fillRate.note', { enrolled: summary.courses.enrolments, capacity: summary.courses.capacity }),
    },
  ];
  return (
    <ul className="report-cards">
      {cards.map((card) => (
        <li key={card.key} className="report-card">
          <span className="report-card-label">{t(`report.card.${card.key}`)}</span>
          <strong className="report-card-value" data-testid={`report-${card.key}`}>
            {card.value}
          </strong>
          {card.note && <span className="report-card-note">{card.note}</span>}
        </li>
      ))}
    </ul>
  );
}

function SummaryBody({ summary }: { summary: ReportSummary }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const { byStatus, fill, hours, rooms } = useMemo(
    () => ({
      byStatus: summary.students.byStatus.map((r) => ({ name: labelValue(locale, 'studentStatus', r.status), value: r.count })),
      fill: [...summary.fillRates].sort((a, b) => b.rate - a.rate),
      hours: [...summary.teacherHours].sort((a, b) => b.weeklyHours - a.weeklyHours),
      rooms: [...summary.roomUse].sort((a, b) => b.rate - a.rate),
    }),
    [summary, locale],
  );
  const staff = [
    ...summary.teachers.byStatus.map((r) => ({
      group: t('report.group.teachers'),
      status: labelValue(locale, 'staffStatus', r.status),
      count: r.count,
    })),
    ...summary.managers.byStatus.map((r) => ({
      group: t('report.group.managers'),
      status: labelValue(locale, 'staffStatus', r.status),
      count: r.count,
    })),
  ];

  // Stable builders (same data, same language) so a re-render does not replay the charts' animation.
  const charts = useMemo(() => {
    const tr = (key: string) => translate(key, undefined, locale);
    return {
      status: (p: ChartPalette) => buildPieOption(p, tr('report.series.students'), byStatus),
      grade: (p: ChartPalette) =>
        buildColumnOption(
          p,
          tr('report.series.students'),
          summary.students.byGrade.map((g) => g.grade),
          summary.students.byGrade.map((g) => g.count),
        ),
      fill: (p: ChartPalette) =>
        buildBarOption(
          p,
          tr('report.series.fillRate'),
          fill.slice(0, CHART_ROWS).map((f) => f.name),
          fill.slice(0, CHART_ROWS).map((f) => f.rate),
          true,
        ),
      hours: (p: ChartPalette) =>
        buildBarOption(
          p,
          tr('report.series.hours'),
          hours.slice(0, CHART_ROWS).map((h) => h.name),
          hours.slice(0, CHART_ROWS).map((h) => h.weeklyHours),
          false,
        ),
      rooms: (p: ChartPalette) =>
        buildBarOption(
          p,
          tr('report.series.roomUse'),
          rooms.slice(0, CHART_ROWS).map((r) => r.name),
          rooms.slice(0, CHART_ROWS).map((r) => r.rate),
          true,
        ),
      months: (p: ChartPalette) => buildTrendOption(p, tr('report.series.newStudents'), summary.newStudentsByMonth),
    };
  }, [summary, locale, byStatus, fill, hours, rooms]);

  return (
    <>
      <NumberCards summary={summary} t={t} />
      <div className="report-grid">
        <ReportSection
          testId="section-status"
          title={t('report.section.studentStatus')}
          chart={{ build: charts.status, height: 260, isEmpty: byStatus.length === 0 }}
        >
          <DataTable
            maxHeight={260}
            caption={t('report.section.studentStatus')}
            rows={byStatus}
            rowKey={(r) => r.name}
            columns={[
              { title: t('report.col.status'), render: (r) => r.name },
              { title: t('report.col.count'), render: (r) => r.value, isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection
          testId="section-grade"
          title={t('report.section.grade')}
          chart={{ build: charts.grade, height: 260, isEmpty: summary.students.byGrade.length === 0 }}
        >
          <DataTable
            maxHeight={260}
            caption={t('report.section.grade')}
            rows={summary.students.byGrade}
            rowKey={(r) => r.grade}
            columns={[
              { title: t('report.col.grade'), render: (r) => r.grade },
              { title: t('report.col.count'), render: (r) => r.count, isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection
          testId="section-fill"
          title={t('report.section.fillRates')}
          chart={{ build: charts.fill, height: barChartHeight(Math.min(fill.length, CHART_ROWS)), isEmpty: fill.length === 0 }}
        >
          <DataTable
            maxHeight={barChartHeight(Math.min(fill.length, CHART_ROWS))}
            caption={t('report.section.fillRates')}
            rows={fill}
            rowKey={(r) => String(r.courseId)}
            columns={[
              { title: t('report.col.course'), render: (r) => r.name },
              { title: t('report.col.enrolled'), render: (r) => r.enrolled, isNumber: true },
              { title: t('report.col.capacity'), render: (r) => r.capacity, isNumber: true },
              { title: t('report.col.rate'), render: (r) => formatRate(r.rate), isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection
          testId="section-hours"
          title={t('report.section.teacherHours')}
          chart={{ build: charts.hours, height: barChartHeight(Math.min(hours.length, CHART_ROWS)), isEmpty: hours.length === 0 }}
        >
          <DataTable
            maxHeight={barChartHeight(Math.min(hours.length, CHART_ROWS))}
            caption={t('report.section.teacherHours')}
            rows={hours}
            rowKey={(r) => String(r.teacherId)}
            columns={[
              { title: t('report.col.teacher'), render: (r) => <PersonLink kind="teacher" id={r.teacherId} name={r.name} /> },
              { title: t('report.col.entries'), render: (r) => r.entries, isNumber: true },
              { title: t('report.col.weeklyHours'), render: (r) => r.weeklyHours, isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection
          testId="section-rooms"
          title={t('report.section.roomUse')}
          chart={{ build: charts.rooms, height: barChartHeight(Math.min(rooms.length, CHART_ROWS)), isEmpty: rooms.length === 0 }}
        >
          <DataTable
            maxHeight={barChartHeight(Math.min(rooms.length, CHART_ROWS))}
            caption={t('report.section.roomUse')}
            rows={rooms}
            rowKey={(r) => String(r.roomId)}
            columns={[
              { title: t('report.col.room'), render: (r) => r.name },
              { title: t('report.col.booked'), render: (r) => r.bookedHours, isNumber: true },
              { title: t('report.col.available'), render: (r) => r.availableHours, isNumber: true },
              { title: t('report.col.rate'), render: (r) => formatRate(r.rate), isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection
          testId="section-months"
          title={t('report.section.newStudents')}
          chart={{ build: charts.months, height: 260, isEmpty: summary.newStudentsByMonth.length === 0 }}
        >
          <DataTable
            maxHeight={260}
            caption={t('report.section.newStudents')}
            rows={summary.newStudentsByMonth}
            rowKey={(r) => r.month}
            columns={[
              { title: t('report.col.month'), render: (r) => r.month },
              { title: t('report.col.count'), render: (r) => r.count, isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection testId="section-class" title={t('report.section.class')}>
          <DataTable
            caption={t('report.section.class')}
            rows={summary.students.byClass}
            rowKey={(r) => `${r.grade}/${r.className}`}
            columns={[
              { title: t('report.col.grade'), render: (r) => r.grade },
              { title: t('report.col.class'), render: (r) => r.className },
              { title: t('report.col.count'), render: (r) => r.count, isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection testId="section-province" title={t('report.section.province')}>
          <DataTable
            caption={t('report.section.province')}
            rows={summary.students.byProvince}
            rowKey={(r) => r.regionCode ?? ''}
            columns={[
              { title: t('report.col.province'), render: (r) => (r.regionCode ? r.name : t('report.province.none')) },
              { title: t('report.col.count'), render: (r) => r.count, isNumber: true },
            ]}
          />
        </ReportSection>
        <ReportSection testId="section-staff" title={t('report.section.staff')}>
          <DataTable
            caption={t('report.section.staff')}
            rows={staff}
            rowKey={(r) => `${r.group}/${r.status}`}
            columns={[
              { title: t('report.col.group'), render: (r) => r.group },
              { title: t('report.col.status'), render: (r) => r.status },
              { title: t('report.col.count'), render: (r) => r.count, isNumber: true },
            ]}
          />
        </ReportSection>
      </div>
    </>
  );
}

export function SummaryPage() {
  const t = useT();
  const can = usePermission();
  const camId = useSessionStore((s) => s.campus?.cam_id);
  const [termId, setTermId] = useState<number | undefined>(undefined);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const summary = useQuery({ queryKey: reportKeys.summary(camId, termId), queryFn: () => fetchSummary(termId) });
  const terms = useQuery({ queryKey: reportKeys.terms(camId), queryFn: fetchTerms, enabled: can([Perm.termList]) });
  const term = summary.data?.term ?? null;
  const shownTermId = termId ?? term?.id;
  const termOptions = (terms.data ?? (term ? [{ ...term, current: true }] : [])).map((item) => ({
    value: item.id,
    label: item.current ? t('report.term.current', { name: formatTermLabel(t, item) }) : formatTermLabel(t, item),
  }));

  const runExport = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      const name = await downloadFile('/report/summary/export', { termId: shownTermId, format }, `summary-report.${format}`);
      showSuccess(t('report.export.done', { file: name }));
    } catch {
      // The request client has told the user why.
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="report-page">
      <Card bordered={false} className="report-toolbar">
        <div className="report-toolbar-main">
          <h1 className="report-title">{t('menu.report.summary')}</h1>
          <p className="report-subtitle">
            {term
              ? t('report.term.range', { start: term.startDate, end: term.endDate, weeks: term.weeks })
              : summary.isSuccess
                ? t('report.term.none')
                : '\u00a0'}
          </p>
          <p className="report-print-only">{t('report.printedAt', { time: dayjs().format('YYYY-MM-DD HH:mm') })}</p>
        </div>
        <div className="report-toolbar-actions">
          <label className="report-term">
            <span>{t('report.term')}</span>
            <Select
              aria-label={t('report.term')}
              className="report-term-select"
              value={shownTermId}
              options={termOptions}
              // Years of terms pile up: typing part of a name or year finds one without scrolling.
              showSearch
              filterOption={(input, option) => isTypedInText((option.props as { children?: unknown }).children, input)}
              loading={terms.isFetching}
              onChange={(value: number) => setTermId(value)}
              // "No terms" only when the campus has none: a failed request (a session ended) is not an empty campus.
              placeholder={terms.isSuccess && termOptions.length === 0 ? t('report.term.none') : t('report.term.pick')}
            />
          </label>
          <Button
            icon={<IconRefresh />}
            aria-label={t('report.refresh')}
            title={t('report.refresh')}
            onClick={() => void summary.refetch()}
          />
          {can([Perm.summaryExport]) && (
            <>
              <Button icon={<IconDownload />} loading={exporting === 'xlsx'} onClick={() => void runExport('xlsx')}>
                {t('report.export.xlsx')}
              </Button>
              <Button icon={<IconDownload />} loading={exporting === 'csv'} onClick={() => void runExport('csv')}>
                {t('report.export.csv')}
              </Button>
            </>
          )}
          <Button type="primary" icon={<IconPrinter />} onClick={() => window.print()}>
            {t('report.print')}
          </Button>
        </div>
      </Card>
      {summary.isPending ? (
        <Spin className="report-loading" />
      ) : summary.isError ? (
        <Card bordered={false}>
          <Empty description={t('report.loadFailed')} />
        </Card>
      ) : (
        <SummaryBody summary={summary.data} />
      )}
    </div>
  );
}
