/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * Texts of controls and labels that do not fit their box: buttons, chips, tabs, menu items, form
 * labels and the page-size / jump controls. Titles of works and tracks are clamped on purpose and
 * are not controls, so they are not looked at.
 */
export function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '.MuiChip-label',
      '.MuiButton-root',
      '.MuiInputLabel-root',
      '.MuiFormLabel-root',
      '.MuiFormControlLabel-label',
      '.MuiSelect-select',
      'label',
    ].join(',');
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // Clamped titles are not controls; carousels keep their slides beside the screen on purpose.
      if (
        el.closest(
          '[data-testid="work-title"], [data-testid="player-title"], [aria-hidden="true"], [data-arrow-scroll]',
        )
      ) {
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const text = (el.innerText || '').trim();
      if (!text) continue;
      const cut = el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible';
      const outside = rect.right > window.innerWidth + 1 || rect.left < -1;
      if (cut || outside)
        out.push(`${text.replace(/\s+/g, ' ').slice(0, 60)}${outside ? ' (off screen)' : ''}`);
    }
    return [...new Set(out)];
  });
}
