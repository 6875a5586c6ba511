/** The accessibility bar every page and screen is held to: WCAG 2.2 AA, by axe-core. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { ContextObject, Result, RunOptions } from 'axe-core';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser build, read once per test worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What a scan gives: each violation with the elements it was found on. */
export interface AxeViolation {
  id: Result['id'];
  impact: Result['impact'];
  help: Result['help'];
  nodes: { target: Result['nodes'][number]['target'] }[];
}

/** axe-core in the frame, unless a scan of this document already put it there (it stays until the next load). */
async function ensureAxe(frame: Frame) {
  const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (present) return;
  await frame.evaluate(AXE_SOURCE);
  // Same-origin frames answer the top frame's run, as axe's own Playwright builder configures them.
  await frame.evaluate(() =>
    (window as unknown as { axe: { configure(spec: object): void } }).axe.configure({
      allowedOrigins: ['<same_origin>'],
    }),
  );
}

/**
 * axe for one page, as every scan here runs it: axe-core put once into each of the page's frames
 * (the product's are all same-origin) and run in the page, with only the violations brought back.
 * @axe-core/playwright's builder put the 560 KB script in twice per scan and carried every rule's
 * passes and inapplicable nodes back to the test: twice the CPU of the run itself (docs/benchmarks.md,
 * "The whole test run", session 8). The chain reads as the builder's did.
 */
class AxeScan {
  private readonly page: Page;
  private readonly includes: string[] = [];
  private tags: string[] | undefined;

  constructor(page: Page) {
    this.page = page;
  }

  /** Scans only inside the elements this selector finds (page-wide rules then do not run). */
  include(selector: string): this {
    this.includes.push(selector);
    return this;
  }

  /** Runs only the rules with these tags (every rule of axe otherwise). */
  withTags(tags: string[]): this {
    this.tags = tags;
    return this;
  }

  async analyze(): Promise<{ violations: AxeViolation[] }> {
    for (const frame of this.page.frames()) await ensureAxe(frame);
    const context: ContextObject | undefined = this.includes.length ? { include: this.includes } : undefined;
    const options: RunOptions = {
      resultTypes: ['violations'],
      ...(this.tags ? { runOnly: { type: 'tag', values: this.tags } } : {}),
    };
    const violations = await this.page.evaluate(
      async ({ context, options }) => {
        const { axe } = window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> };
        };
        const results = await axe.run(context ?? document, options);
        return results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.map((node) => ({ target: node.target })),
        }));
      },
      { context, options },
    );
    return { violations };
  }
}

export const axeScan = (page: Page) => new AxeScan(page);

/** Each violation on the page (or inside `include`) as a line naming where, the rule and the elements. */
export async function axeViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = axeScan(page).withTags(WCAG_22_AA);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) => `${where}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
