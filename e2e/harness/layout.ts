import { expect, type Page } from '@playwright/test';

/**
 * Nothing inside `testId` reaches past the right edge of the window, and the page does not scroll
 * sideways. An element inside a box that clips or scrolls sideways (overflow-x other than
 * visible, or a clip) counts only if that box itself reaches past the edge: a strip of tabs or a
 * wide table scrolling in its own box is fine. A records table's header row (clipped to nothing on
 * a phone, kept for screen readers; each card line names its column) is not looked at.
 */
export async function expectNoHorizontalOverflow(page: Page, testId: string): Promise<void> {
  const overflow = await page.evaluate((id) => {
    const width = document.documentElement.clientWidth;
    const clippedInside = (element: HTMLElement): boolean => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const clips = style.overflowX !== 'visible' || (style.clip !== 'auto' && style.clip !== '');
        if (clips) return box.getBoundingClientRect().right <= width + 1;
      }
      return false;
    };
    const wider = [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"] *`)]
      .filter((element) => !element.closest('thead') && element.getBoundingClientRect().right > width + 1 && !clippedInside(element))
      .map((element) => element.getAttribute('data-testid') ?? `${element.tagName}: ${(element.textContent ?? '').slice(0, 30)}`);
    return { scroll: document.documentElement.scrollWidth - width, wider };
  }, testId);
  expect(overflow).toEqual({ scroll: 0, wider: [] });
}

/**
 * Waits until the page shows what it loaded: no spinner (the UI kit's Spinner carries
 * data-loading) and no region marked aria-busy. Layout checks measure after this rather than
 * after a fixed pause, which a slower or busy machine outruns.
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('[data-loading], [aria-busy="true"]')).toHaveCount(0);
}
