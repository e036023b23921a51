import { hasAnyPerm } from '@campus/contract';
import type { ReactNode } from 'react';
import { useSessionStore } from './session';

export const PERMISSION_ERROR = 'need perm! Like v-permission=[...]';

/**
 * The spec's permission directive: `perms` must be an array; an empty one shows
 * the element; otherwise the user must hold one of the codes (`*` holds all).
 */
export function checkPermission(perms: unknown, held: readonly string[]): boolean {
  if (!Array.isArray(perms)) throw new Error(PERMISSION_ERROR);
  if (perms.length === 0) return true;
  return hasAnyPerm(
    held,
    perms.filter((p): p is string => typeof p === 'string'),
  );
}

const NO_PERMS: readonly string[] = [];

export function useUserPerms(): readonly string[] {
  return useSessionStore((s) => s.user?.perms ?? NO_PERMS);
}

/** `hasPerm(['educate:student:add'])` for conditions that are not a whole element. */
export function usePermission(): (perms: unknown) => boolean {
  const held = useUserPerms();
  return (perms) => checkPermission(perms, held);
}

interface PermissionProps {
  perms: readonly string[];
  children: ReactNode;
}

export function Permission({ perms, children }: PermissionProps) {
  const held = useUserPerms();
  return checkPermission(perms, held) ? children : null;
}
