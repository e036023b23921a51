import Tag from '@arco-design/web-react/es/Tag';
import type { TimetableRunSummary } from '@campus/contract';
import { useT } from '../../lib/i18n';

const COLOURS = { running: 'arcoblue', solved: 'green', failed: 'orange', cancelled: 'gray' } as const;

/** A generation run's status, with placed / total. */
export function RunStatusTag({ run }: { run: Pick<TimetableRunSummary, 'status' | 'placed' | 'total'> }) {
  const t = useT();
  return (
    <Tag color={COLOURS[run.status]}>
      {t(`tplan.status.${run.status}`)} · {run.placed}/{run.total}
    </Tag>
  );
}
