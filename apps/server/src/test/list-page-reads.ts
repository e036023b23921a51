import diagnostics from 'node:diagnostics_channel';
import { LIST_PAGE_READS, type ListPageRead } from '../resources/list-page.js';

/** Counts how list pages in the default order are read (resources/list-page.ts announces each), from now on. */
export function countListPageReads(): Record<ListPageRead, number> {
  const counts: Record<ListPageRead, number> = { bySeek: 0, byOffset: 0, planOnce: 0, oneScan: 0 };
  diagnostics.subscribe(LIST_PAGE_READS, (read) => {
    counts[read as ListPageRead] += 1;
  });
  return counts;
}
