/**
 * The shape of an IFSC, shared by the forms and the server. Which bank and branch a code names comes
 * from the IFSC dataset on the server (src/server/bankAccount/ifsc.ts), asked by the bank details form.
 */

/** An IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
