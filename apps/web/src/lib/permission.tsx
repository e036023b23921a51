import { hasAnyPerm, type PermCode } from '@campus/contract';
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

/** `can([Perm.studentAdd])` for conditions that are not a whole element: codes of the contract's catalogue only. */
export function usePermission(): (perms: readonly PermCode[]) => boolean {
  const held = useUserPerms();
  return (perms) => checkPermission(perms, held);
}

interface PermissionProps {
  /** Codes of the contract's catalogue (`Perm.x`), so a typo does not compile. */
  perms: readonly PermCode[];
  children: ReactNode;
}

export function Permission({ perms, children }: PermissionProps) {
  const held = useUserPerms();
  return checkPermission(perms, held) ? children : null;
}
