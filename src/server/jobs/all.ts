/** Every scheduled job, in the order a day runs them (`npm run ops -- run-day` runs them in this order too). */
import type { JobDefinition } from './definition.ts';

export const allJobs: readonly JobDefinition[] = [];
