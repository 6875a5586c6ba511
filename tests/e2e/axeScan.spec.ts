/**
 * The scan every accessibility check here relies on (tests/support/axe.ts) finds what axe finds: a
 * violation in the page, one inside a same-origin frame, none outside `include`, and only the rules
 * of the tags asked for. Without this, a scan that found nothing would pass every page.
 */
import { axeScan, axeViolations, WCAG_22_AA } from '../support/axe.ts';
import { expect, test } from './test.ts';

const PAGE = `<!doctype html><html lang="en"><title>Scan</title><main>
  <h1>Scan</h1>
  <section id="fine"><p>Plain words.</p></section>
  <section id="broken"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></section>
  <iframe title="Inner" srcdoc="<!doctype html><html lang=en><title>Inner</title><input type=text>"></iframe>
</main></html>`;

test('finds violations in the page and its same-origin frame, within include, by the tags asked for', async ({
  page,
}) => {
  // On the site's origin, so that the frame (srcdoc: the page's origin) is a same-origin one.
  await page.goto('/robots.txt');
  await page.setContent(PAGE);
  await expect(page.frameLocator('iframe').locator('input')).toBeVisible();

  const lines = await axeViolations(page, 'test page');
  expect(lines).toContainEqual(expect.stringMatching(/^test page: image-alt \(img\)$/));
  // The unlabelled field is inside the frame: found there, named through the frame.
  expect(lines).toContainEqual(expect.stringMatching(/^test page: label \(iframe input\)$/));

  expect(await axeViolations(page, 'fine', '#fine')).toEqual([]);
  expect(await axeViolations(page, 'broken', '#broken')).toEqual(['broken: image-alt (img)']);

  // A second scan of the same document reuses axe, and a rule outside the tags is not run.
  const bestPractice = await axeScan(page).withTags(['best-practice']).analyze();
  expect(bestPractice.violations.map((violation) => violation.id)).not.toContain('image-alt');
  const all = await axeScan(page).withTags(WCAG_22_AA).analyze();
  expect(all.violations.map((violation) => violation.id).sort()).toEqual(['image-alt', 'label']);
});
