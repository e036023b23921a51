import Alert from '@arco-design/web-react/es/Alert';
import type { TimetableImportResult } from '@campus/contract';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';

/** The navigation state the plans page leaves after a `.fet` import: what it read and what it added to the campus. */
export interface ImportedState {
  imported: TimetableImportResult;
}

function isImportedState(state: unknown): state is ImportedState {
  return typeof state === 'object' && state !== null && 'imported' in state;
}

/**
 * What a `.fet` import did, above the plan it made: the teachers and rooms it added to the campus's lists (a toast
 * of counts said nothing of the 33 teachers and 34 rooms a German school brought), the rules it read and left out,
 * and its warnings. Closing it forgets it.
 */
export function ImportSummary() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  if (!isImportedState(state)) return null;
  const r = state.imported;
  const list = (items: { type: string; count: number }[]) => items.map((c) => `${c.type} × ${c.count}`).join(t('tplan.list.sep'));
  return (
    <Alert
      className="tplan-section tplan-import-summary"
      type={r.warnings.length || r.constraints.ignored.length ? 'warning' : 'success'}
      closable
      onClose={() => void navigate(location.pathname, { replace: true, state: null })}
      title={t('tplan.importSummary.title', { activities: r.activities, sets: r.studentSets })}
      content={
        <ul className="alert-list">
          <li>{t('tplan.importSummary.teachers', { count: r.teachers, created: r.teachersCreated })}</li>
          <li>{t('tplan.importSummary.rooms', { count: r.rooms, created: r.roomsCreated })}</li>
          {r.constraints.imported.length > 0 && <li>{t('tplan.importSummary.read', { list: list(r.constraints.imported) })}</li>}
          {r.constraints.ignored.length > 0 && <li>{t('tplan.importSummary.ignored', { list: list(r.constraints.ignored) })}</li>}
          {r.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      }
    />
  );
}
