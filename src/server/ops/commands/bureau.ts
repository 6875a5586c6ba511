/**
 * Finance's credit information file (issue 23): `bureau-file --as-of YYYY-MM-DD [--out <file or
 * folder>]` asks the server to make the file as on that reporting date (or to hand back the one made
 * before) and saves it here, readable by you alone (mode 0600), in ./bureau-files/ unless --out says
 * where. The file holds PANs: it is never printed; --json prints the run without it.
 */
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { isCalendarDate } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/format.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { option, UsageError } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer } from '../table.ts';

interface BureauFile {
  as_of: string;
  period_from: string | null;
  submit_by: string;
  file_name: string;
  path: string;
  sha256: string;
  accounts: number;
  made: boolean;
  made_at: string;
  content: string;
}

/** The folder the file goes to when --out does not say. */
const BUREAU_FILES_FOLDER = 'bureau-files';

export function bureauArguments(args: string[]) {
  const asOf = option(args, 'as-of');
  if (!asOf || !isCalendarDate(asOf))
    throw new UsageError('Usage: npm run ops -- bureau-file --as-of YYYY-MM-DD [--out <file or folder>]');
  return { asOf, out: option(args, 'out') };
}

/** Where to save: --out as a file, or as a folder (one that exists, or ending in /), else the default folder. */
async function savePath(out: string | undefined, fileName: string) {
  if (!out) return resolve(BUREAU_FILES_FOLDER, fileName);
  const isFolder = out.endsWith('/') || (await stat(out).catch(() => null))?.isDirectory();
  return isFolder ? resolve(out, fileName) : resolve(out);
}

export async function bureauFileOnServer(ops: OpsServerContext, args: string[]) {
  const { asOf, out } = bureauArguments(args);
  const answer = await ops.server.call<BureauFile>(STAFF_API.bureauFile, { as_of: asOf });
  const { content, ...run } = answer.data;
  const path = await savePath(out, run.file_name);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, content, { mode: 0o600 });
  await chmod(path, 0o600);
  printAnswer(ops, { data: { ...run, saved_to: path }, message: answer.message }, () => {
    ops.write.out(
      terminalSafe`${run.made ? 'Made' : 'Made before'}: the credit information file as on ${formatDate(run.as_of)}, ${String(run.accounts)} accounts (${run.period_from ? `loans open after ${formatDate(run.period_from)}` : 'the first file'}).`,
    );
    ops.write.out(
      terminalSafe`Saved to ${path} (readable by you alone: it holds PANs). The server keeps it at ${run.path}.`,
    );
    ops.write.out(
      terminalSafe`SHA-256 ${run.sha256}. Upload it to each credit information company by ${formatDate(run.submit_by)}.`,
    );
  });
}
