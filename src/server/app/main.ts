/**
 * Starts the server (./serve.ts). Module resolution is set up first, so that it serves every import
 * the server makes (./moduleResolution.ts: why).
 */
import './moduleResolution.ts';

await import('./serve.ts');
