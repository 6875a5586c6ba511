/**
 * Instants as staff read them, in a module of its own: the shell imports parts.tsx, and this would
 * bring the date formats into the shell's chunk.
 */
import { formatDate } from '../../../lib/format.ts';

/** A time of day in India: "02:57 pm". */
const indiaTime = (at: string) =>
  new Date(at).toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' });

/** An instant as staff read it: "26-11-2026 02:57 pm" (India's time). */
export const dateAndTime = (at: string) => `${formatDate(at)} ${indiaTime(at)}`;
