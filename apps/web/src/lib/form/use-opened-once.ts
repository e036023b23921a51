import { useState } from 'react';

/**
 * True from the first time `isOpen` is true on. A list page mounts its add and edit form (a module loaded
 * on demand, with the contract's schemas) only then, so its first load builds none of them (issue 22), and
 * keeps it mounted after, so the drawer's closing animation and the next opening are as before.
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened;
}
