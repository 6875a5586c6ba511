import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The dashboard's first paint carries only the CSS it draws with (issue 25; docs/decisions.md, "A
 * dashboard as fast as the site"). Astro gives a client-only island's page the CSS of every module the
 * island can reach, inlined (build.inlineStylesheets 'always'): on the dashboard that is every screen's
 * CSS (49 KB), which put the page's HTML over the 14.6 KB a new connection carries in its first round
 * trip. After the build, this moves out of each dashboard page's inline style every rule of a CSS module
 * the first paint does not draw with, into one hashed file under /_astro/, and names that file on the
 * first paint's script (`data-css`), which loads it beside the island's code and lets the island draw
 * only once it is there (src/scripts/dashboardFirstPaint.inline.ts).
 *
 * The page names the modules to keep on that script (`data-first-css`: one class of each). A rule stays
 * inline when every CSS-module class it names is of a kept module; the global rules stay. A build whose
 * class names do not look like CSS modules' (`_local_hash_line`) moves nothing: the page is only
 * heavier, never unstyled. The page's CSP (Astro's <meta>) names each inline style by its hash: the kept
 * style's hash replaces the whole one's, and a style the CSP does not name as expected is left whole.
 */
const PAGES = 'my-dashboard';
const FILE_PREFIX = '_astro/dashboard-screens.';
/** A CSS module's class (or animation) name as the build writes it, the module's hash in group 1. */
const MODULE_NAME = /(?<![\w-])_[A-Za-z][\w-]*_([a-z0-9]{5})_\d+(?![\w-])/g;
const SCRIPT = /<script\b[^>]*\bdata-first-css="([^"]*)"[^>]*>/;
const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The hashes of the modules named in `text`. */
const moduleHashes = (text: string) => new Set([...text.matchAll(MODULE_NAME)].map((match) => match[1] as string));

/** The top-level statements of `css`: `@…;` or a block `prelude{…}` (quotes and comments respected). */
function statements(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1);
      i = end < 0 ? css.length : end;
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        out.push(css.slice(start, i + 1));
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Group rules whose content is itself rules: split inside them. */
const GROUPS = /^@(media|supports|container|layer|scope|document)\b/;

/** `css` split into what the first paint keeps and what moves, each in the original order. */
export function splitCss(css: string, keep: Set<string>): { kept: string; moved: string } {
  let kept = '';
  let moved = '';
  for (const statement of statements(css)) {
    const open = statement.indexOf('{');
    const prelude = open < 0 ? statement : statement.slice(0, open);
    if (open >= 0 && GROUPS.test(prelude.trim()) && statement.endsWith('}')) {
      const inner = splitCss(statement.slice(open + 1, -1), keep);
      if (inner.kept) kept += `${prelude}{${inner.kept}}`;
      if (inner.moved) moved += `${prelude}{${inner.moved}}`;
      continue;
    }
    const stays = [...moduleHashes(statement)].every((hash) => keep.has(hash));
    if (stays) kept += statement;
    else moved += statement;
  }
  return { kept, moved };
}

export function dashboardCss(): AstroIntegration {
  return {
    name: 'dashboard-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = (await readdir(join(root, PAGES), { recursive: true }).catch(() => [] as string[]))
          .filter((file) => file.endsWith('.html'))
          .map((file) => join(root, PAGES, file));
        const written = new Map<string, string>();
        for (const file of files) {
          const html = await readFile(file, 'utf8');
          const script = SCRIPT.exec(html);
          if (!script) continue;
          const keep = moduleHashes(script[1] ?? '');
          if (keep.size === 0) continue;
          let moved = '';
          let page = html;
          for (const [whole, open, css, close] of html.matchAll(STYLE)) {
            const parts = splitCss(css ?? '', keep);
            if (!parts.moved) continue;
            // The CSP names each inline style by its hash: the kept style's replaces the whole one's.
            const before = `'${sha256(css ?? '')}'`;
            if (page.includes('style-src') && !page.includes(before)) continue;
            moved += parts.moved;
            page = page.replace(whole, `${open}${parts.kept}${close}`).replace(before, `'${sha256(parts.kept)}'`);
          }
          if (!moved) continue;
          let href = written.get(moved);
          if (!href) {
            const hash = createHash('sha256').update(moved).digest('base64url').slice(0, 8);
            href = `/${FILE_PREFIX}${hash}.css`;
            await writeFile(join(root, `${FILE_PREFIX}${hash}.css`), moved);
            written.set(moved, href);
          }
          const tag = (script[0] as string).replace(/^<script\b/, `<script data-css="${href}"`);
          await writeFile(file, page.replace(script[0] as string, tag));
        }
        if (written.size > 0)
          logger.info(`${files.length} dashboard pages: their screens' CSS in ${[...written.values()].join(', ')}`);
      },
    },
  };
}
