/**
 * The requests whose handlers are still running. A stopping server waits for them before it closes
 * its database: a client that hangs up (a phone losing signal) does not end its request's work, and
 * work cut off halfway (a code stored but its failed SMS not yet undone) would be left behind.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, failure } from './respond.ts';

export class InFlightRequests {
  private running = 0;
  private draining = false;
  private drained = false;
  private readonly waiting: (() => void)[] = [];

  /** Counts every request; the outermost middleware, so its count ends after everything else. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    if (this.drained) {
      c.header('Connection', 'close');
      c.header('Retry-After', '1');
      return failure(c, new ApiError(503, 'We are restarting. Please try again in a moment.', 'restarting'));
    }
    this.running += 1;
    try {
      await next();
    } finally {
      this.running -= 1;
      if (this.draining && this.running === 0) this.settle();
    }
    // While stopping, each connection closes after its answer, so a keep-alive client goes to another
    // server instead of holding this one open.
    if (this.draining) c.header('Connection', 'close');
    return undefined;
  };

  get count(): number {
    return this.running;
  }

  /** Resolves once no request is running; any request after that is refused with a 503. */
  drain(): Promise<void> {
    this.draining = true;
    const drained = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.running === 0) this.settle();
    return drained;
  }

  private settle() {
    this.drained = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
