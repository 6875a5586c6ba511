/**
 * One request at a time (product.md §4) for every island: a call asked for while another runs is
 * ignored, whatever the buttons look like at that instant (state is a render late, so the guard is
 * a ref); `busy` names the running call, for its button to say so; and an answer is read once, into
 * its envelope or the message to show (product.md §8). A dead session (Status 4 or 5) is not read
 * here: the dashboard's calls end it in dashboardCall, before any hook sees the answer, and the
 * repay token's end is the payment flow's (usePayment).
 */
import { type RefObject, useCallback, useRef, useState } from 'react';
import { failureMessage, thrownMessage } from '../../lib/api/client.ts';
import { type Envelope, STATUS } from '../../lib/api/envelope.ts';

/** A call's answer: the envelope on Status 1, else the message to show. */
export type Outcome<T> =
  | { ok: true; envelope: Envelope<T> }
  | {
      ok: false;
      message: string;
      /** What the call threw (the network, a session already ended): no answer came, the server checked nothing. */
      thrown?: unknown;
    };

/** Reads one request's answer: the server's Message, else its error, else the fallback; the network's own message. */
export async function settle<T>(request: () => Promise<Envelope<T>>): Promise<Outcome<T>> {
  try {
    const envelope = await request();
    return envelope.Status === STATUS.ok ? { ok: true, envelope } : { ok: false, message: failureMessage(envelope) };
  } catch (error) {
    return { ok: false, message: thrownMessage(error), thrown: error };
  }
}

/** `guard`: one shared with another hook (the repay stepper's payments), so that each waits for the other. */
export function useCall<Name extends string>(guard?: RefObject<boolean>) {
  const own = useRef(false);
  const running = guard ?? own;
  const [busy, setBusy] = useState<Name | null>(null);

  /**
   * Runs `job` as the call `name`, unless a call is running (then nothing runs and undefined comes
   * back). `keep(result)` true leaves the guard set: the page is leaving, and nothing more is sent from it.
   */
  const run = useCallback(
    async <T>(name: Name, job: () => Promise<T>, keep?: (result: T) => boolean): Promise<T | undefined> => {
      if (running.current) return;
      running.current = true;
      setBusy(name);
      let kept = false;
      try {
        const result = await job();
        kept = keep?.(result) ?? false;
        return result;
      } finally {
        if (!kept) {
          running.current = false;
          setBusy(null);
        }
      }
    },
    [running],
  );

  /** Sends one request as the call `name` and reads its answer (settle); `leave`: a success leaves the page. */
  const call = useCallback(
    <T>(name: Name, request: () => Promise<Envelope<T>>, leave = false) =>
      run(
        name,
        () => settle(request),
        (outcome) => leave && outcome.ok,
      ),
    [run],
  );

  return { busy, running, run, call };
}
