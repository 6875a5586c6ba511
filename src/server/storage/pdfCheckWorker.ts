/**
 * One upload check worker (pdfCheckPool.ts): reads a PDF's encryption and checks its password off
 * the request thread. Answers every job, even one whose check throws; the password is never logged.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkPdfPassword, type PdfPasswordCheck, type PdfWork } from './pdfPassword.ts';

export interface PdfCheckJob {
  id: number;
  bytes: Uint8Array;
  password: string;
}

export type PdfCheckReply = { id: number; check: PdfPasswordCheck; workBytes: number } | { id: number; failed: true };

/** Test only (pdfCheckPool's testGate): each check first waits until the test opens the gate, as a slow file would. */
const gate = (workerData as { gate?: Int32Array } | undefined)?.gate;

parentPort?.on('message', (job: PdfCheckJob) => {
  let reply: PdfCheckReply;
  try {
    while (gate && Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0);
    const work: PdfWork = { bytes: 0 };
    reply = { id: job.id, check: checkPdfPassword(job.bytes, job.password, work), workBytes: work.bytes };
  } catch {
    reply = { id: job.id, failed: true };
  }
  parentPort?.postMessage(reply);
});
