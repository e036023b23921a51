import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'One-Time Filter'?: string;
  Plans?: PlanNode[];
}

/** A plan node and every node under it. */
export const flattenPlan = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flattenPlan)];

/**
 * Every node of `query`'s plan, with sequential scans priced out: test tables
 * are tiny, so the plan shows what the indexes can serve.
 */
export async function explainPlan(db: Executor, query: SQL): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${query}`);
    const raw = row?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return flattenPlan(plan[0]?.Plan ?? { 'Node Type': 'none' });
  });
}
