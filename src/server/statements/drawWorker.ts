/**
 * One statement drawing worker (drawPool.ts): draws a statement of account or a no-dues
 * certificate with the same functions the request thread used to call, and moves the bytes back.
 */
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../app/workerPool.ts';
import { type AgreementPdfInput, agreementPdf } from './agreementPdf.ts';
import { type KfsPdfInput, kfsPdf } from './kfsPdf.ts';
import { type ReceiptInput, receiptPdf } from './receiptPdf.ts';
import { noDuesCertificatePdf, type StatementInput, statementPdf } from './statementPdf.ts';

const DRAWING_NICE = 10;

export type DrawJob =
  | { document: 'statement' | 'noDues'; input: StatementInput }
  | { document: 'receipt'; input: ReceiptInput }
  | { document: 'agreement'; input: AgreementPdfInput }
  | { document: 'kfs'; input: KfsPdfInput };

// A drawing yields the cores to the request thread: on Linux a thread's nice value is its own, so
// this lowers the priority of this worker only (a statement may wait; /Api/health should not).
try {
  setPriority(DRAWING_NICE);
} catch {}

/** Test only (drawPool's testGate): each drawing first waits until the test opens the gate. */
const gate = (workerData as { gate?: Int32Array } | undefined)?.gate;

serveJobs(
  (job: DrawJob) => {
    while (gate && Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0);
    if (job.document === 'receipt') return receiptPdf(job.input);
    if (job.document === 'agreement') return agreementPdf(job.input);
    if (job.document === 'kfs') return kfsPdf(job.input);
    return job.document === 'statement' ? statementPdf(job.input) : noDuesCertificatePdf(job.input);
  },
  (bytes) => [bytes.buffer as ArrayBuffer],
);
