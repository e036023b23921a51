import { useEffect } from 'react';
import { useT, type Translate } from './i18n';

/**
 * What Arco draws without the semantics axe and Lighthouse ask for (issue 22), put right in the DOM
 * it rendered: no prop of Arco's reaches these elements.
 *
 * - the table header's select-all checkbox and the pager's page-jump box get a label; the page-size
 *   box, a plain div with an aria-label, gets the role that allows one;
 * - a tree table's expand button gets a name, and so does a closable alert's close button (an icon alone);
 * - a progress bar gets the text drawn beside it (or its wrapper's `data-progress-label`) as name;
 * - tree nodes count their level from 1 (Arco starts at 0, not a valid aria-level);
 * - a tab strip gets the tablist role its tabs need;
 * - a number box without bounds does not announce `Infinity` (not a valid aria-valuemax/min);
 * - a searchable select's input, focusable while it shows the chosen value, is not aria-hidden.
 */
export function patchArcoA11y(root: ParentNode, t: Translate): void {
  const setIfDifferent = (el: Element, name: string, value: string) => {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  };
  for (const box of root.querySelectorAll('.arco-table-th .arco-checkbox input[type="checkbox"]'))
    setIfDifferent(box, 'aria-label', t('list.selectAll'));
  for (const box of root.querySelectorAll('.arco-pagination-jumper input')) setIfDifferent(box, 'aria-label', t('list.jumpTo'));
  for (const el of root.querySelectorAll('.arco-pagination-option[aria-label]:not([role])')) el.setAttribute('role', 'group');
  for (const button of root.querySelectorAll('.arco-table-cell-expand-icon > button:not([aria-label])'))
    button.setAttribute('aria-label', t('list.expandRow'));
  for (const button of root.querySelectorAll('.arco-alert-close-btn:not([aria-label])'))
    button.setAttribute('aria-label', t('common.close'));
  for (const bar of root.querySelectorAll('.arco-progress [role="progressbar"]:not([aria-label])')) {
    const progress = bar.closest('.arco-progress');
    const label =
      bar.closest<HTMLElement>('[data-progress-label]')?.dataset.progressLabel ??
      progress?.querySelector('[class*="-text"]')?.textContent?.trim() ??
      '';
    if (label) bar.setAttribute('aria-label', label);
  }
  for (const node of root.querySelectorAll<HTMLElement>('.arco-tree-node[aria-level]:not([data-level-from-one])')) {
    node.setAttribute('aria-level', String(Number(node.getAttribute('aria-level')) + 1));
    node.dataset.levelFromOne = '';
  }
  for (const nav of root.querySelectorAll('.arco-tabs-header-nav:not([role])')) nav.setAttribute('role', 'tablist');
  for (const input of root.querySelectorAll('input[role="spinbutton"]')) {
    for (const name of ['aria-valuemax', 'aria-valuemin']) if (/Infinity/.test(input.getAttribute(name) ?? '')) input.removeAttribute(name);
  }
  for (const input of root.querySelectorAll('input.arco-select-view-input[aria-hidden="true"]:not([tabindex="-1"])'))
    input.removeAttribute('aria-hidden');
}

/** Keeps patchArcoA11y applied to the whole document (drawers and popups are portals) as it changes. */
export function useArcoA11yPatches(): void {
  const t = useT();
  useEffect(() => {
    const root = document.body;
    patchArcoA11y(root, t);
    // One pass a frame however many mutations a render makes (a list page mounts hundreds of nodes),
    // before the frame is painted, so no one sees or hears the unpatched controls.
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        patchArcoA11y(root, t);
      });
    };
    // Only aria-hidden is watched among attributes: the others set here cannot wake the observer again.
    const observer = new MutationObserver(schedule);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [t]);
}
