/**
 * A Markdown (Sätteri) plugin that fills `{{name}}` site facts in text, raw HTML and link targets,
 * so editors write "a fee of {{processingFee}}" and the figure comes from content/site.json.
 * An unknown fact fails the build with the file named.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFacts, fillFacts } from '../lib/facts.ts';

type Context = {
  fileURL: URL | undefined;
  setProperty(node: object, key: string, value: string): void;
};

export function markdownFacts() {
  const facts = buildFacts();
  const where = (ctx: Context) => (ctx.fileURL ? relative(process.cwd(), fileURLToPath(ctx.fileURL)) : 'markdown');
  const fill = (key: 'value' | 'url') => (node: Readonly<Record<string, unknown>>, ctx: Context) => {
    const text = node[key];
    if (typeof text !== 'string' || !/\{\{|%7B%7B/i.test(text)) return;
    const source = key === 'url' ? decodeURI(text) : text;
    ctx.setProperty(node, key, fillFacts(source, facts, where(ctx)));
  };
  return { name: 'markdown-facts', text: fill('value'), html: fill('value'), link: fill('url') };
}
