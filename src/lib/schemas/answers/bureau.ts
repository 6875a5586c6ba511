/** The credit bureau file's answer (src/server/bureau/routes.ts). */
import * as v from 'valibot';

/** staffBureauFile: the run as on a reporting date and its file (which holds PANs: finance only). */
export const BureauFileAnswer = v.strictObject({
  as_of: v.string(),
  /** The reporting date before it: the file covers the loans open at any time after it. */
  period_from: v.nullable(v.string()),
  /** By when the file must reach the credit information companies. */
  submit_by: v.string(),
  file_name: v.string(),
  /** Where the server keeps it (mode 0600). */
  path: v.string(),
  sha256: v.string(),
  accounts: v.number(),
  /** False when it had been made before (the same run, the same file). */
  made: v.boolean(),
  made_at: v.string(),
  content: v.string(),
});
