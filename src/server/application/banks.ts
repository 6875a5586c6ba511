/** The bank of an IFSC code: the table is shared with the browser's bank form (src/lib/banks.ts). */
export { bankOfIfsc } from '../../lib/banks.ts';
