import type { Tx } from '../client.js';

export interface DemoCampus {
  id: number;
  code: string;
}

/**
 * Placeholder until the demo generator lands: fills each campus with people,
 * rooms, terms, courses, enrolments and clash-free schedules.
 */
export async function seedDemoData(_tx: Tx, _campuses: readonly DemoCampus[], _today: Date): Promise<void> {
  // replaced by the demo generator
}
