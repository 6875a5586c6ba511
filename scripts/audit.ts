/**
 * `npm audit --omit=dev` as a hard limit (issue 7): fails on any high or critical advisory in what
 * the product ships. What the answer means, including NOT CHECKED when the advisory service cannot
 * be asked, is decided in scripts/auditDecision.ts (AUDIT_REQUIRED=1 makes NOT CHECKED a failure).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type AuditReport, auditDecision, auditRequired } from './auditDecision.ts';

const run = promisify(execFile);

async function audit(): Promise<{ report: AuditReport | undefined; raw: string }> {
  try {
    const { stdout } = await run('npm', ['audit', '--omit=dev', '--json'], { maxBuffer: 64 * 1024 * 1024 });
    return { report: JSON.parse(stdout), raw: stdout };
  } catch (error) {
    // npm audit exits non-zero when it finds advisories, and also when it cannot ask.
    const stdout = (error as { stdout?: string }).stdout ?? '';
    try {
      return { report: JSON.parse(stdout), raw: stdout };
    } catch {
      return { report: undefined, raw: `${stdout}${(error as { stderr?: string }).stderr ?? ''}` };
    }
  }
}

const { report, raw } = await audit();
const decision = auditDecision(report, raw, auditRequired(process.env));
for (const line of decision.out) console.log(line);
for (const line of decision.err) console.error(line);
process.exitCode = decision.exitCode;
