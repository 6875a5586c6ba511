/**
 * Statement and certificate PDFs are drawn off the request thread (issue 20): 60 drawn at once on
 * it held every other request, /Api/health included, for seconds. The pool of ../workerPool.ts;
 * the input crosses to the worker as a structured clone (dates and plain objects), and the worker
 * calls the same drawing functions (statementPdf.ts), so what they draw is unchanged.
 */
import { STATUS } from '../../lib/api/envelope.ts';
import type { Logger } from '../app/logger.ts';
import { WorkerPool, type WorkerPoolOptions } from '../app/workerPool.ts';
import { ApiError } from '../http/respond.ts';
import type { AgreementPdfInput } from './agreementPdf.ts';
import type { DrawJob } from './drawWorker.ts';
import type { KfsPdfInput } from './kfsPdf.ts';
import type { ReceiptInput } from './receiptPdf.ts';
import type { StatementInput } from './statementPdf.ts';

/** A statement of a long loan keeps its lines, the font's tables and pdfkit's pages in memory. */
const WORKER_HEAP_MB = 128;
const IDLE_MS = 60_000;

export interface PdfDrawPoolOptions extends WorkerPoolOptions {
  /** Test only: each drawing first waits until gate[0] is non-zero, so a test holds one without timing. */
  testGate?: Int32Array;
}

export class PdfDrawPool extends WorkerPool<DrawJob, Uint8Array> {
  constructor(options: PdfDrawPoolOptions) {
    // A burst keeps its workers; a quiet server gives their memory (about 90 MB each, the fonts and
    // pdfkit) back after a minute.
    super(
      { idleMs: IDLE_MS, ...options },
      {
        url: new URL('./drawWorker.ts', import.meta.url),
        heapMb: WORKER_HEAP_MB,
        workerData: { gate: options.testGate },
      },
    );
  }

  /** The document's bytes; a full queue answers 503 with Retry-After, a failed or overrun drawing 503 too. */
  async draw(document: 'statement' | 'noDues', input: StatementInput, log?: Logger): Promise<Uint8Array>;
  async draw(document: 'receipt', input: ReceiptInput, log?: Logger): Promise<Uint8Array>;
  async draw(document: 'agreement', input: AgreementPdfInput, log?: Logger): Promise<Uint8Array>;
  async draw(document: 'kfs', input: KfsPdfInput, log?: Logger): Promise<Uint8Array>;
  async draw(
    document: DrawJob['document'],
    input: StatementInput | ReceiptInput | KfsPdfInput | AgreementPdfInput,
    log?: Logger,
  ): Promise<Uint8Array> {
    const outcome = await this.run({ document, input } as DrawJob);
    if (outcome.result === 'done') return outcome.value;
    // For operators: which way drawing failed, never what the document says.
    log?.warn('pdf drawing refused', { document, outcome: outcome.result, pending: this.pending });
    if (outcome.result === 'busy') {
      throw new ApiError(
        503,
        'Many documents are being prepared just now. Please try again in a minute.',
        'busy',
        STATUS.failed,
        {
          retry_after_seconds: 30,
        },
      );
    }
    throw new ApiError(503, 'We could not prepare this document just now. Please try again.', 'document_failed');
  }
}
