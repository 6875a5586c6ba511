/**
 * The overload benchmark's samplers (overload.ts), on a thread of their own so the load the
 * benchmark itself sends (372 MB of bodies a round) never delays a health request's timing:
 * /Api/health one request after another, 20 ms apart, and the server's resident memory from
 * /proc/<pid>/status every 50 ms, between a 'start' and a 'stop' message.
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

const { url, pid } = workerData as { url: string; pid: number };

export interface Samples {
  /** Each health request's time in ms; null for one that failed or took over 30 s. */
  health: (number | null)[];
  /** Resident memory in MB. */
  memory: number[];
}

async function residentMb(processId: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${processId}/status`, 'utf8').catch(() => '');
  const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

let running = false;
let loops: Promise<unknown> = Promise.resolve();
let samples: Samples = { health: [], memory: [] };

async function health() {
  while (running) {
    const start = performance.now();
    try {
      const response = await fetch(`${url}/Api/health`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      samples.health.push(response.ok ? performance.now() - start : null);
    } catch {
      samples.health.push(null);
    }
    await sleep(20);
  }
}

async function memory() {
  while (running) {
    const { rss } = await residentMb(pid);
    if (Number.isFinite(rss)) samples.memory.push(rss);
    await sleep(50);
  }
}

parentPort?.on('message', async (message: 'start' | 'stop') => {
  if (message === 'start') {
    samples = { health: [], memory: [] };
    running = true;
    loops = Promise.all([health(), memory()]);
    return;
  }
  running = false;
  await loops;
  parentPort?.postMessage(samples);
});
