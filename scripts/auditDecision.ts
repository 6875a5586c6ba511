/**
 * What `npm audit --omit=dev` means for the build (issue 13), kept apart from running npm so it can be
 * tested: high or critical advisories fail it (1); an advisory service that cannot be asked (offline,
 * or a registry mirror that refuses the query) is NOT CHECKED, said loudly, and passes (0), unless
 * AUDIT_REQUIRED=1 says this machine can reach the service, and then it fails (2). A fresh clone's
 * `npm test` thus passes anywhere, and CI that can ask insists on the answer.
 */

/** The parts of `npm audit --json` output that are read. */
export interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  error?: { code?: string; summary?: string };
  /** What npm prints when the advisory request itself failed. */
  message?: string;
}

export interface AuditDecision {
  exitCode: 0 | 1 | 2;
  /** Lines for standard output (the banner and the counts). */
  out: string[];
  /** Lines for standard error (why the build fails). */
  err: string[];
}

/** Problems of the project itself, not of the network: asking again elsewhere would not help. */
const PROJECT_ERRORS = new Set(['ENOLOCK', 'EJSONPARSE']);

export const auditRequired = (env: Record<string, string | undefined>): boolean =>
  env.AUDIT_REQUIRED === '1' || env.AUDIT_REQUIRED === 'true';

/** `raw` is npm's whole output, for a reason when it printed no JSON. */
export function auditDecision(report: AuditReport | undefined, raw: string, required: boolean): AuditDecision {
  const counts = report?.metadata?.vulnerabilities;
  if (counts) {
    const serious = (counts.high ?? 0) + (counts.critical ?? 0);
    const summary = `npm audit --omit=dev: ${Object.entries(counts)
      .map(([level, count]) => `${level} ${count}`)
      .join(', ')}`;
    return serious > 0
      ? {
          exitCode: 1,
          out: [summary],
          err: [`${serious} high or critical advisories in production dependencies: see npm audit --omit=dev`],
        }
      : { exitCode: 0, out: [summary], err: [] };
  }
  const reason = (
    report?.error?.summary ||
    report?.message ||
    raw.split('\n').find((line) => line.includes('audit')) ||
    'no answer'
  ).trim();
  if (report?.error?.code && PROJECT_ERRORS.has(report.error.code)) {
    return { exitCode: 2, out: [], err: [`npm audit --omit=dev could not run: ${reason}`] };
  }
  const rule = '='.repeat(78);
  const banner = [
    rule,
    '  NOT CHECKED: npm audit --omit=dev could not ask the advisory service.',
    `  (${reason})`,
    '  The production dependencies were NOT checked for known vulnerabilities.',
    required
      ? '  AUDIT_REQUIRED=1: this machine should reach the service, so the build fails.'
      : '  Passing anyway. Where the service is reachable, set AUDIT_REQUIRED=1 to make this a failure.',
    rule,
  ];
  return required
    ? { exitCode: 2, out: banner, err: ['npm audit: NOT CHECKED with AUDIT_REQUIRED=1'] }
    : { exitCode: 0, out: banner, err: [] };
}
