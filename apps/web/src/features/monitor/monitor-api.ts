import type { MonitorServer } from '@campus/contract';
import { request } from '../../lib/request';

export const monitorKeys = {
  server: ['monitor', 'server'] as const,
};

export async function fetchMonitor(): Promise<MonitorServer> {
  const res = await request.get<MonitorServer>('/monitor/server', undefined, { errorHandling: 'local' });
  return res.data;
}
