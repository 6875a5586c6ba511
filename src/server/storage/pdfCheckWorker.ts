/**
 * One upload check worker (pdfCheckPool.ts): reads a PDF's encryption and checks its password off
 * the request thread. Answers every job, even one whose check throws; the password is never logged.
 */
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../app/workerPool.ts';
import { checkPdfPassword } from './pdfPassword.ts';

export interface PdfCheckJob {
  bytes: Uint8Array;
  password: string;
}

/** Test only (pdfCheckPool's testGate): each check first waits until the test opens the gate, as a slow file would. */
const gate = (workerData as { gate?: Int32Array } | undefined)?.gate;

serveJobs((job: PdfCheckJob) => {
  while (gate && Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0);
  return checkPdfPassword(job.bytes, job.password);
});
