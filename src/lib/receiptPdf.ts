/** The payment receipt PDF's file name (issue 23), as the server names it and the pages save it. */
export const receiptFileName = (reference: string) => `receipt-${reference}.pdf`;
