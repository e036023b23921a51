import { afterEach, describe, expect, it } from 'vitest';
import { patchArcoA11y } from './arco-a11y';
import type { Translate } from './i18n';

const t: Translate = (key) => `«${key}»`;

afterEach(() => {
  document.body.innerHTML = '';
});

function render(html: string): HTMLElement {
  document.body.innerHTML = html;
  patchArcoA11y(document.body, t);
  return document.body;
}

describe('patchArcoA11y', () => {
  it('names the select-all box, the page jump, an expand button, an alert’s close button and a progress bar', () => {
    const root = render(`
      <div class="arco-table-th"><label class="arco-checkbox"><input type="checkbox"></label></div>
      <div class="arco-pagination-jumper"><input></div>
      <div class="arco-pagination-option" aria-label="per page"></div>
      <span class="arco-table-cell-expand-icon"><button type="button"></button></span>
      <div class="arco-alert"><button type="button" class="arco-alert-close-btn"><svg></svg></button></div>
      <div class="arco-progress"><div role="progressbar"></div><div class="arco-progress-line-text">3/40</div></div>
      <div data-progress-label="Enrolled 5/40"><div class="arco-progress"><div role="progressbar"></div></div></div>`);
    expect(root.querySelector('.arco-table-th input')?.getAttribute('aria-label')).toBe('«list.selectAll»');
    expect(root.querySelector('.arco-pagination-jumper input')?.getAttribute('aria-label')).toBe('«list.jumpTo»');
    expect(root.querySelector('.arco-pagination-option')?.getAttribute('role')).toBe('group');
    expect(root.querySelector('.arco-table-cell-expand-icon button')?.getAttribute('aria-label')).toBe('«list.expandRow»');
    expect(root.querySelector('.arco-alert-close-btn')?.getAttribute('aria-label')).toBe('«common.close»');
    const bars = root.querySelectorAll('[role="progressbar"]');
    expect([...bars].map((b) => b.getAttribute('aria-label'))).toEqual(['3/40', 'Enrolled 5/40']);
  });

  it('counts tree levels from 1 once, however often it runs', () => {
    const root = render('<div class="arco-tree-node" aria-level="0"></div><div class="arco-tree-node" aria-level="2"></div>');
    patchArcoA11y(root, t);
    expect([...root.querySelectorAll('.arco-tree-node')].map((n) => n.getAttribute('aria-level'))).toEqual(['1', '3']);
  });

  it('gives tab strips the tablist role, drops infinite number bounds and unhides a focusable select input', () => {
    const root = render(`
      <div class="arco-tabs-header-nav"><div role="tab"></div></div>
      <input role="spinbutton" aria-valuemax="Infinity" aria-valuemin="-Infinity" aria-valuenow="3">
      <input role="spinbutton" aria-valuemax="10" aria-valuemin="0">
      <input class="arco-select-view-input" aria-hidden="true">
      <input class="arco-select-view-input" aria-hidden="true" tabindex="-1">`);
    expect(root.querySelector('.arco-tabs-header-nav')?.getAttribute('role')).toBe('tablist');
    const [open, bounded] = root.querySelectorAll('input[role="spinbutton"]');
    expect(open?.hasAttribute('aria-valuemax')).toBe(false);
    expect(open?.hasAttribute('aria-valuemin')).toBe(false);
    expect(bounded?.getAttribute('aria-valuemax')).toBe('10');
    const [searchable, inert] = root.querySelectorAll('.arco-select-view-input');
    expect(searchable?.hasAttribute('aria-hidden')).toBe(false);
    expect(inert?.getAttribute('aria-hidden')).toBe('true');
  });
});
