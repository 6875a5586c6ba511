/** Waiting, with a bound, for what a sender or a job does after the request has answered. */
import { setTimeout as sleep } from 'node:timers/promises';

/** Polls until `check` answers something truthy, and answers it; fails after `timeoutMs` naming `what`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
