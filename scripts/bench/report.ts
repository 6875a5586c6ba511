/** What the benchmarks' results files share: the machine they ran on and the median of runs. */
import { cpus, loadavg, totalmem } from 'node:os';

/** The machine, and how busy it was when the benchmark started (figures taken under load are not final). */
export function machineNote(): string {
  const cores = cpus();
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB memory, Node ${process.version} on ${process.platform}; load average ${load} (1, 5, 15 min) at the start`;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
