import type { Config } from '../config/config.ts';

/** The sandboxes exist only with PAYMENTS_MODE=sandbox, which production refuses. */
export const sandboxMode = (config: Config) => config.payments.mode === 'sandbox' && config.env !== 'production';
