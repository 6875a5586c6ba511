/** The operations command line's tables: columns padded to their widest cell, for a terminal. */
import { terminalLines, terminalText } from '../../lib/terminalText.ts';
import type { OpsServerContext } from './context.ts';

/** Every cell is shown with its control characters escaped (src/lib/terminalText.ts). */
export function table(rawRows: Record<string, string>[]): string {
  if (rawRows.length === 0) return '(none)';
  const rows = rawRows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, terminalText(cell)])),
  );
  const columns = Object.keys(rows[0] as object);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((row) => line(columns.map((c) => row[c] ?? ''))),
  ].join('\n');
}

/**
 * A server command's answer: with --json the route's Data as JSON on stdout (JSON escapes C0
 * controls; terminalLines what it leaves) and the words on stderr; else `human` prints it for people.
 */
export function printAnswer(
  { write, json }: OpsServerContext,
  answer: { data: unknown; message?: string },
  human: () => void,
) {
  if (!json) return human();
  write.out(terminalLines(JSON.stringify(answer.data, null, 2)));
  if (answer.message) write.error(terminalLines(answer.message));
}
