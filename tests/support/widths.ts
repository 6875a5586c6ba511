/**
 * Sideways scrolling, for the width tests (issue 14): whether the page is wider than the window, and
 * if so which element sticks out, so a failure names what to fix.
 */
import { expect, type Page } from '@playwright/test';

/** The phone widths every page must fit without sideways scrolling (320 is the smallest we support). */
export const PHONE_WIDTHS = [320, 390] as const;

/** Content that moves across its window on purpose (the fraud-warning ticker), so is partly outside it. */
const MOVING = '.fraud-warning__text';

export interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The widest element whose right edge passes the window's, outside any clipping or scrolling box. */
  culprit: string;
}

/**
 * What a page that does not fit shows, as a line for a failure: the page wider than the window
 * (sideways scrolling), or content cut off at the window's edge by a box that clips without
 * scrolling (overflow: hidden, content-visibility), which hides the overflow instead of fixing it.
 * null when everything fits.
 */
export function measureOverflow(page: Page): Promise<Overflow | null> {
  return page.evaluate(async (ignore) => {
    // Let a resize reach layout and any script that answers it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { innerWidth } = window;
    const { scrollWidth } = document.documentElement;
    /** The nearest box above the element that clips it sideways, if any (the body's is the page's). */
    const clipper = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (
          style.overflowX !== 'visible' ||
          style.contentVisibility === 'auto' ||
          /paint|strict|content/.test(style.contain)
        )
          return style;
      }
      return null;
    };
    const scrolls = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';
    let widest: { element: Element; width: number; right: number; cut: boolean } | null = null;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= innerWidth + 0.5 || box.width === 0 || box.height === 0) continue;
      if (element.closest(ignore)) continue;
      const clip = clipper(element);
      // Inside a box that scrolls sideways on purpose (a wide code sample), the page itself is fine.
      if (clip && scrolls(clip)) continue;
      if (scrollWidth <= innerWidth && !clip) continue;
      if (!widest || box.width > widest.width) widest = { element, width: box.width, right: box.right, cut: !!clip };
    }
    if (scrollWidth <= innerWidth && !widest) return null;
    const label = (found: NonNullable<typeof widest>) => {
      const { element } = found;
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const how = found.cut ? 'cut off at the edge' : 'sticks out';
      return `${how}: <${element.tagName.toLowerCase()}${id}${classes}> ${Math.round(found.width)} px wide, right edge at ${Math.round(found.right)} px: "${text}"`;
    };
    return { scrollWidth, innerWidth, culprit: widest ? label(widest) : 'no single element found' };
  }, MOVING);
}

/** A readable line for a failure: where, at what width, how wide, and the element that sticks out. */
export function overflowMessage(where: string, overflow: Overflow): string {
  const page =
    overflow.scrollWidth > overflow.innerWidth
      ? `scrolls sideways (page ${overflow.scrollWidth} px wide)`
      : 'does not fit (the page does not scroll, but a box hides what passes its edge)';
  return `${where} at ${overflow.innerWidth} px ${page}; ${overflow.culprit}`;
}

/**
 * Checks the page at each phone width (the same page, resized), recording every failure with
 * expect.soft so one run lists every screen that overflows. `settle` runs after each resize.
 */
export async function expectFits(page: Page, where: string, settle: () => Promise<void> = async () => {}) {
  const original = page.viewportSize();
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await settle();
    const overflow = await measureOverflow(page);
    expect.soft(overflow && overflowMessage(where, overflow), `${where} at ${width} px`).toBeNull();
  }
  if (original) await page.setViewportSize(original);
}
