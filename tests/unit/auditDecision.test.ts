import { describe, expect, it } from 'vitest';
import { auditDecision, auditRequired } from '../../scripts/auditDecision.ts';

const UNREACHABLE = {
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
};
const counts = (high: number, critical: number) => ({
  metadata: { vulnerabilities: { info: 0, low: 2, moderate: 1, high, critical, total: 3 + high + critical } },
});

describe('what the audit answer means for the build', () => {
  it('an advisory service that cannot be asked: NOT CHECKED in a banner, and passing', () => {
    for (const [report, raw] of [
      [UNREACHABLE, ''],
      [{ error: { code: 'ENOTFOUND', summary: 'request to registry failed, reason: getaddrinfo ENOTFOUND' } }, ''],
      [undefined, 'npm error audit endpoint returned an error\n'],
      [undefined, ''],
    ] as const) {
      const decision = auditDecision(report, raw, false);
      expect(decision.exitCode).toBe(0);
      expect(decision.out[0]).toMatch(/^={20,}$/);
      expect(decision.out.join('\n')).toContain('NOT CHECKED');
      expect(decision.out.join('\n')).toContain('AUDIT_REQUIRED=1');
    }
    expect(auditDecision(UNREACHABLE, '', false).out.join('\n')).toContain('405 Method Not Allowed');
  });

  it('with AUDIT_REQUIRED=1 the same NOT CHECKED fails the build (2)', () => {
    const decision = auditDecision(UNREACHABLE, '', true);
    expect(decision.exitCode).toBe(2);
    expect(decision.out.join('\n')).toContain('NOT CHECKED');
    expect(decision.err.join('\n')).toContain('AUDIT_REQUIRED=1');
    expect(auditRequired({ AUDIT_REQUIRED: '1' })).toBe(true);
    expect(auditRequired({ AUDIT_REQUIRED: 'true' })).toBe(true);
    expect(auditRequired({ AUDIT_REQUIRED: '0' })).toBe(false);
    expect(auditRequired({})).toBe(false);
  });

  it('an answer: high or critical advisories fail (1), lesser ones pass with their counts, required or not', () => {
    expect(auditDecision(counts(0, 0), '', true)).toMatchObject({
      exitCode: 0,
      out: ['npm audit --omit=dev: info 0, low 2, moderate 1, high 0, critical 0, total 3'],
    });
    expect(auditDecision(counts(1, 0), '', false).exitCode).toBe(1);
    expect(auditDecision(counts(0, 2), '', false)).toMatchObject({
      exitCode: 1,
      err: ['2 high or critical advisories in production dependencies: see npm audit --omit=dev'],
    });
  });

  it('a project that cannot be audited (no lock file) fails, with the reason, not NOT CHECKED', () => {
    const decision = auditDecision(
      { error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' } },
      '',
      false,
    );
    expect(decision.exitCode).toBe(2);
    expect(decision.err.join('\n')).toContain('requires an existing lockfile');
  });
});
