/**
 * What the upload screens share (the selfie, the loan documents): the update action, and the
 * progress as a percentage through the API client's upload transport. Checking and preparing a
 * chosen file (its format, scaling a photo down, PDF pages) is in components/documentFiles.ts.
 */
import type { Transport } from '../../../lib/api/client.ts';
import { withUploadProgress } from '../../../lib/api/uploadProgress.ts';
import type { DashboardLocation } from '../navigation/router.ts';

export const UNREADABLE = 'The file could not be read. Please choose it again.';

/** The extension, upper case (JPEG, JPG, PNG, PDF). */
export const extensionOf = (name: string): string =>
  (name.includes('.') ? (name.split('.').pop() ?? '') : '').toUpperCase();

/** An upload transport that reports whole percentages (0 to 100). */
export const percentTransport = (onPercent: (percent: number) => void): Transport =>
  withUploadProgress((share) => onPercent(Math.round(share * 100)));

/**
 * The 'update' action (changing an upload later): in the history state (product.md §2) and, so
 * that a reload keeps it, in the address as ?action=update (product.md §10.8). Upload buttons say
 * Update with it, Continue without.
 */
export function isUpdate(location: DashboardLocation): boolean {
  const state = location.state as { action?: unknown } | null;
  return state?.action === 'update' || new URLSearchParams(location.search).get('action') === 'update';
}
