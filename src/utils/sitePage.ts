import { type CollectionEntry, getCollection } from 'astro:content';

type SitePage = CollectionEntry<'pages'>;
type Kind = SitePage['data']['page'];

/** The copy file for one fixed page (`page: <kind>` in content/pages), or a build error naming it. */
export async function getSitePage<K extends Kind>(
  kind: K,
): Promise<SitePage & { data: Extract<SitePage['data'], { page: K }> }> {
  const matches = (await getCollection('pages')).filter((entry) => entry.data.page === kind);
  if (matches.length !== 1) {
    throw new Error(`content/pages must have exactly one file with \`page: ${kind}\`, found ${matches.length}`);
  }
  return matches[0] as SitePage & { data: Extract<SitePage['data'], { page: K }> };
}
