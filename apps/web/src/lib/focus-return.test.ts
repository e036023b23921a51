import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFocusReturn } from './focus-return';

let uninstall: () => void;
beforeEach(() => {
  uninstall = installFocusReturn();
});
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function addButton(parent: Element, text: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = text;
  parent.append(button);
  return button;
}

function openOverlay(kind: 'drawer' | 'modal'): { overlay: HTMLElement; inside: HTMLButtonElement } {
  const wrapper = document.createElement('div');
  const overlay = document.createElement('div');
  overlay.className = `arco-${kind}`;
  wrapper.append(overlay);
  document.body.append(wrapper);
  const inside = addButton(overlay, 'Cancel');
  inside.focus();
  return { overlay, inside };
}

describe('installFocusReturn', () => {
  it('returns focus to the opener when a drawer is removed', async () => {
    const opener = addButton(document.body, 'Edit');
    opener.focus();
    const { overlay } = openOverlay('drawer');
    expect(document.activeElement).not.toBe(opener);
    overlay.parentElement?.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener when a modal is hidden rather than removed', async () => {
    const opener = addButton(document.body, 'Import');
    opener.focus();
    const { overlay } = openOverlay('modal');
    (overlay.parentElement as HTMLElement).style.display = 'none';
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus step by step through nested overlays (a confirm over a drawer)', async () => {
    const opener = addButton(document.body, 'Edit');
    opener.focus();
    const drawer = openOverlay('drawer');
    const confirm = openOverlay('modal');
    confirm.overlay.parentElement?.remove();
    await settle();
    expect(document.activeElement).toBe(drawer.inside);
    drawer.overlay.parentElement?.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus alone when the user has moved it elsewhere', async () => {
    const opener = addButton(document.body, 'Edit');
    const other = addButton(document.body, 'Other');
    opener.focus();
    const { overlay } = openOverlay('drawer');
    other.focus();
    overlay.parentElement?.remove();
    await settle();
    expect(document.activeElement).toBe(other);
  });
});
