/** The configured providers for the dashboard, whose shell already carries content/site.json. */
import { payments } from '../../../../content/site.json';
import type { Provider } from './providers.ts';

/** content/site.json `payments.providers`: the recommended provider first (checked by src/lib/site.ts at build and start). */
export const SITE_PROVIDERS = payments.providers as Provider[];
