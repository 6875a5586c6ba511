/** UPI deep links (NPCI's `upi://pay` scheme), as encoded in the bank-transfer QR codes. */
import { encode } from 'uqr';

export interface UpiPayee {
  upiId: string;
  name: string;
  /** A note the payer's app pre-fills, e.g. "Loan repayment". */
  note?: string;
}

export function upiPayUri({ upiId, name, note }: UpiPayee): string {
  const params = [`pa=${encodeURIComponent(upiId)}`, `pn=${encodeURIComponent(name)}`, 'cu=INR'];
  if (note) params.push(`tn=${encodeURIComponent(note)}`);
  return `upi://pay?${params.join('&')}`;
}

/**
 * A QR code's dark modules (rows of `true`, as uqr's `encode` gives them, border included) as one SVG
 * path of horizontal runs, one unit per module: about a quarter of the size of the per-module squares
 * uqr's own `renderSVG` draws (20 KB a code).
 */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x += 1;
      const run = x - start + 1;
      path += `M${start} ${y}h${run}v1h-${run}z`;
    }
  });
  return path;
}

/**
 * The QR code of a payee's UPI link as an SVG file: built once per account, and shown as an image
 * loaded when scrolled near, so the codes' bytes are not part of the repay page's first answer.
 */
export function upiQrSvg(payee: UpiPayee): string {
  const qr = encode(upiPayUri(payee), { ecc: 'M', border: 2 });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><rect fill="white" width="${qr.size}" height="${qr.size}"/><path fill="black" d="${qrPath(qr.data)}"/></svg>\n`;
}

/** Where the built site serves a UPI id's QR code (src/pages/upi-qr/[upiId].svg.ts). */
export const upiQrPath = (upiId: string) => `/upi-qr/${upiId}.svg`;
