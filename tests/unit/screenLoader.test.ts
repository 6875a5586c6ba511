import { describe, expect, it } from 'vitest';
import { chunkAddress, retryAddress } from '../../src/islands/Dashboard/navigation/screenLoader.ts';

const ORIGIN = 'https://www.koshcredit.example';
const CHUNK = `${ORIGIN}/_astro/Leads.BUVhZkRW.js`;

describe('the chunk a failed import names, for Retry', () => {
  it('Chromium and Firefox name the address in the message', () => {
    expect(chunkAddress(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`), ORIGIN)).toBe(CHUNK);
    expect(chunkAddress(new TypeError(`error loading dynamically imported module: ${CHUNK}`), ORIGIN)).toBe(CHUNK);
  });

  it('a retry address that failed gives the chunk without its query, so the next retry has a new one', () => {
    const failed = new TypeError(`Failed to fetch dynamically imported module: ${retryAddress(CHUNK, 1)}`);
    expect(chunkAddress(failed, ORIGIN)).toBe(CHUNK);
    expect(retryAddress(CHUNK, 2)).toBe(`${CHUNK}?retry=2`);
  });

  it('no address (Safari, a time limit) or another site’s: none, and Retry reloads the page instead', () => {
    expect(chunkAddress(new TypeError('Importing a module script failed.'), ORIGIN)).toBeUndefined();
    expect(chunkAddress(new Error('The screen’s code did not load within 120 s.'), ORIGIN)).toBeUndefined();
    expect(
      chunkAddress(new TypeError('Failed to fetch dynamically imported module: https://cdn.example/x.js'), ORIGIN),
    ).toBeUndefined();
  });
});
