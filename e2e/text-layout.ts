import type { Page } from '@playwright/test';

/**
 * The texts in which a line break falls inside a word: between two characters of one text with no space between
 * them ("82.|4 MiB", "2026-12-|07", "登录方|式"). Runs in the page (`locator.evaluate` / `evaluateAll`), so it is
 * self-contained.
 */
export function findBreaksInsideWords(target: Element | Element[]): string[] {
  const cut: string[] = [];
  for (const element of Array.isArray(target) ? target : [target]) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Within one text node: between nodes a new line may be a block (a note under a figure) or a gap of its own.
      const text = node.textContent ?? '';
      let previousTop: number | null = null;
      let isAfterSpace = false;
      for (let i = 0; i < text.length; i++) {
        // A space at the end of a line may have no box of its own: it counts wherever it is.
        if ((text[i] ?? '').trim() === '') {
          isAfterSpace = true;
          continue;
        }
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (previousTop !== null && rect.top > previousTop + 2 && !isAfterSpace) cut.push(element.textContent ?? '');
        previousTop = rect.top;
        isAfterSpace = false;
      }
    }
  }
  return cut;
}

/** The navbar's language menu, as a user switches it. */
export async function switchLanguage(page: Page, to: 'English' | '中文'): Promise<void> {
  await page.getByRole('button', { name: to === 'English' ? '语言' : 'Language' }).click();
  await page.getByRole('menuitem', { name: to }).click();
}
