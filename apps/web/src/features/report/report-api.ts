import { MAX_PAGE_SIZE, type ReportSummary, type Term } from '@campus/contract';
import { request } from '../../lib/request';

/** The report's queries: per campus, and the summary per term. */
export const reportKeys = {
  summary: (camId: number | undefined, termId: number | undefined) => ['report', 'summary', camId, termId] as const,
  terms: (camId: number | undefined) => ['report', 'terms', camId] as const,
};

export async function fetchSummary(termId: number | undefined): Promise<ReportSummary> {
  return (await request.get<ReportSummary>('/report/summary', { termId })).data;
}

/** The campus's terms for the term picker, newest first. */
export async function fetchTerms(): Promise<Term[]> {
  return (await request.get<{ list: Term[] }>('/educate/terms', { page: 1, pageSize: MAX_PAGE_SIZE, sort: 'startDate:desc' })).data.list;
}
