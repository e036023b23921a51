import { Perm } from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { planKeys } from './plan-api';

/**
 * The save of a plan panel edited in place (bell schedule, student sets): refused with the form's own
 * problems, else written, announced and the plan queries refreshed; the server's refusal shown in place.
 */
export function usePlanPanelSave(savedText: string) {
  const can = usePermission();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const [errors, setErrors] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const save = async (problems: string[], write: () => Promise<unknown>) => {
    setErrors(problems);
    if (problems.length) return;
    setIsBusy(true);
    try {
      await write();
      showSuccess(savedText);
      await queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });
    } catch (err) {
      setErrors([err instanceof Error ? err.message : String(err)]);
    } finally {
      setIsBusy(false);
    }
  };
  return { canEdit: can([Perm.timetablePlanEdit]), errors, isBusy, save };
}
