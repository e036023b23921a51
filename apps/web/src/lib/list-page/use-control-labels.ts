import { useEffect, useRef } from 'react';
import { useT } from '../i18n';

/**
 * Names for controls Arco's table draws without one (issue 22, axe/Lighthouse):
 * the header's select-all checkbox and the pagination's page-jump box get a
 * label; the page-size box, a plain div with an aria-label, gets the role that
 * allows one. Kept up as the table redraws.
 */
export function useControlLabels<E extends HTMLElement>() {
  const t = useT();
  const ref = useRef<E>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const label = () => {
      for (const box of root.querySelectorAll<HTMLInputElement>('.arco-table-th .arco-checkbox input[type="checkbox"]'))
        if (box.getAttribute('aria-label') !== t('list.selectAll')) box.setAttribute('aria-label', t('list.selectAll'));
      for (const box of root.querySelectorAll<HTMLInputElement>('.arco-pagination-jumper input'))
        if (box.getAttribute('aria-label') !== t('list.jumpTo')) box.setAttribute('aria-label', t('list.jumpTo'));
      for (const el of root.querySelectorAll('.arco-pagination-option[aria-label]:not([role])')) el.setAttribute('role', 'group');
    };
    label();
    // Attribute changes are not watched: setting them cannot wake the observer again.
    const observer = new MutationObserver(label);
    observer.observe(root, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [t]);
  return ref;
}
