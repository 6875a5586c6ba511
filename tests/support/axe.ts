/** The accessibility bar every page and screen is held to: WCAG 2.2 AA, by axe-core. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe for one page, as every scan here runs it. Legacy mode runs axe once in the page (and its
 * same-origin frames: the product has no others). The default runs it in each frame, then opens a new
 * page to merge the results: that page doubled each scan's time and Playwright's CPU (docs/
 * benchmarks.md, "The whole test run", session 7).
 */
export const axeScan = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** Each violation on the page (or inside `include`) as a line naming where, the rule and the elements. */
export async function axeViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = axeScan(page).withTags(WCAG_22_AA);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) => `${where}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
