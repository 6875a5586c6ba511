/** The accessibility bar every page and screen is held to: WCAG 2.2 AA, by axe-core. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each violation on the page (or inside `include`) as a line naming where, the rule and the elements. */
export async function axeViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) => `${where}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
