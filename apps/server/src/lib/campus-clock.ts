import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { campuses } from '../db/schema/system.js';

export interface CampusClock {
  timezone: string;
  dayStartMin: number;
  dayEndMin: number;
  /** Today in the campus's time zone, YYYY-MM-DD. */
  today: string;
  /** 1 = Monday ... 7 = Sunday, as schedule entries count weekdays. */
  weekday: number;
}

/** The campus's calendar as the database sees it now, so every figure of one answer shares one "today". */
export async function loadCampusClock(db: Executor, camId: number): Promise<CampusClock> {
  const [row] = await db
    .select({
      timezone: campuses.timezone,
      dayStartMin: campuses.dayStartMin,
      dayEndMin: campuses.dayEndMin,
      today: sql<string>`to_char((now() at time zone ${campuses.timezone})::date, 'YYYY-MM-DD')`,
      weekday: sql<number>`extract(isodow from (now() at time zone ${campuses.timezone}))::int`,
    })
    .from(campuses)
    .where(eq(campuses.id, camId));
  if (!row) throw new Error(`campus ${camId} vanished`);
  return { ...row, weekday: Number(row.weekday) };
}
