/**
 * Focus goes back to the control that opened a drawer or a modal when it
 * closes (WCAG 2.4.3). Arco's overlays lock focus inside while open but drop it
 * on <body> when they close; one watcher here covers every drawer, modal and
 * confirm of the app, nested ones included, without each page remembering its
 * opener.
 */
const OVERLAY_SELECTOR = '.arco-drawer, .arco-modal';

function isShown(el: Element): boolean {
  if (!el.isConnected) return false;
  for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).display === 'none') return false;
  return true;
}

function isFocusable(el: HTMLElement): boolean {
  return isShown(el) && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';
}

function findOverlay(node: EventTarget | null): Element | null {
  return node instanceof Element ? node.closest(OVERLAY_SELECTOR) : null;
}

export function installFocusReturn(doc: Document = document): () => void {
  /** Each open overlay and what had focus before focus entered it. */
  const openers = new Map<Element, HTMLElement>();
  /** Recently focused elements, newest last: the opener when focus arrived from nowhere (a menu item that closed). */
  const history: HTMLElement[] = [];

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const overlay = findOverlay(target);
    if (overlay && !openers.has(overlay)) {
      const from = event.relatedTarget instanceof HTMLElement && findOverlay(event.relatedTarget) !== overlay ? event.relatedTarget : null;
      const opener = from ?? [...history].reverse().find((el) => el.isConnected && findOverlay(el) !== overlay);
      if (opener) openers.set(overlay, opener);
    }
    history.push(target);
    if (history.length > 8) history.shift();
  };

  const restore = () => {
    for (const [overlay, opener] of openers) {
      if (isShown(overlay)) continue;
      openers.delete(overlay);
      const active = doc.activeElement;
      const isFocusLost = !active || active === doc.body || !active.isConnected || overlay.contains(active);
      if (isFocusLost && isFocusable(opener)) opener.focus({ preventScroll: true });
    }
  };

  const observer = new MutationObserver(restore);
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}
