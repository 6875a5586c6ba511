/**
 * docs/decisions.md is kept in the order its sections were written and indexed by topic at its top:
 * every section is listed in the index exactly once, and every link there leads to a section.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const text = readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8');
const INDEX = '## Index by topic';
const sections = [...text.matchAll(/^## (.+)$/gm)]
  .map(([, title]) => title as string)
  .filter((t) => `## ${t}` !== INDEX);
const index = text.slice(text.indexOf(INDEX), text.indexOf('\n## ', text.indexOf(INDEX) + INDEX.length));
const links = [...index.matchAll(/\[([^\]]+)\]\(#([^)]+)\)/g)].map(([, title, anchor]) => ({ title, anchor }));

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replaceAll(' ', '-');

describe('docs/decisions.md', () => {
  it('has its index by topic at the top', () => {
    expect(text.indexOf(INDEX)).toBeGreaterThan(0);
    expect(text.indexOf(INDEX)).toBeLessThan(text.indexOf(`## ${sections[0]}`));
  });

  it('lists every section in the index exactly once, by its title and its anchor', () => {
    const listed = links.map((link) => link.title);
    expect([...listed].sort()).toEqual([...sections].sort());
    for (const link of links) expect(link.anchor, link.title).toBe(anchorOf(link.title as string));
  });
});
