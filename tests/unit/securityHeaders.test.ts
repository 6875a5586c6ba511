/**
 * The site's headers file (issue 22): the staff console's pages alone may frame blob: addresses (the
 * PDFs they fetched into memory); every other page keeps the site's frames, and no page may be framed.
 */
import { describe, expect, it } from 'vitest';
import {
  formatHeadersFile,
  headersForPath,
  parseHeadersFile,
  staticHeaderRules,
} from '../../src/server/security/headers.ts';

/** The policy a path gets from the written _headers file, as the Node server reads it back. */
const policyOf = (path: string) =>
  headersForPath(parseHeadersFile(formatHeadersFile(staticHeaderRules())), path)['Content-Security-Policy'] ?? '';
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('the staff pages’ Content-Security-Policy', () => {
  it.each(['/staff/', '/staff/application/', '/staff/loan/'])(
    '%s frames blob: addresses, and is framed by nobody',
    (path) => {
      const policy = policyOf(path);
      expect(directive(policy, 'frame-src')?.split(' ')).toContain('blob:');
      expect(directive(policy, 'frame-ancestors')).toBe("'none'");
      expect(directive(policy, 'object-src')).toBe("'none'");
    },
  );

  it.each(['/', '/apply-now', '/my-dashboard/', '/repayloan'])('%s frames no blob: address', (path) => {
    const policy = policyOf(path);
    expect(directive(policy, 'frame-src')).toBeDefined();
    expect(directive(policy, 'frame-src')?.split(' ')).not.toContain('blob:');
  });

  it('differs from the site’s policy in frame-src alone', () => {
    const site = policyOf('/').split('; ');
    const staff = policyOf('/staff/').split('; ');
    const changed = staff.filter((part) => !site.includes(part));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^frame-src 'self' blob: /);
  });
});
