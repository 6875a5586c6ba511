/**
 * Instants as staff read them, in a module of its own: the shell imports parts.tsx, and this would
 * bring the date formats into the shell's chunk.
 */
import { formatDateTime } from '../../../lib/format.ts';

/** An instant as staff read it: "26-11-2026 02:57 pm" (India's time; the format is lib/format.ts's, shared with the dashboard). */
export const dateAndTime = (at: string) => formatDateTime(at);
