import type { CronPreview, JobItem, JobRun } from '@campus/contract';
import type { PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';

export const jobKeys = {
  all: ['system', 'jobs'] as const,
  cronPreview: (cron: string, timezone: string) => [...jobKeys.all, 'cron-preview', cron, timezone] as const,
  runs: (id: number | undefined, page: number) => [...jobKeys.all, id, 'runs', page] as const,
};

export async function fetchJobs(): Promise<JobItem[]> {
  return (await request.get<JobItem[]>('/system/jobs', undefined, { errorHandling: 'local' })).data;
}

export async function updateJob(id: number, body: { cron?: string; enabled?: boolean }): Promise<JobItem> {
  return (await request.put<JobItem>(`/system/jobs/${id}`, body, { errorHandling: 'local' })).data;
}

export async function runJob(id: number): Promise<number> {
  return (await request.post<{ runId: number }>(`/system/jobs/${id}/run`, undefined, { errorHandling: 'local' })).data.runId;
}

export async function fetchRuns(id: number, page: number): Promise<PageResult<JobRun>> {
  return (await request.get<PageResult<JobRun>>(`/system/jobs/${id}/runs`, { page, pageSize: 10 }, { errorHandling: 'local' })).data;
}

export async function previewCron(cron: string, timezone: string): Promise<CronPreview> {
  return (await request.get<CronPreview>('/system/jobs/cron-preview', { cron, timezone }, { errorHandling: 'silent' })).data;
}
