/**
 * The words of accepting a Key Fact Statement, apart from the statement's text (./kfs.ts): the quote
 * screen needs only this message, and its chunk should not carry the whole statement (scripts/budgets.ts).
 */

/** Accepting without confirming the Key Fact Statement (the server's answer and the forms' message). */
export const KFS_REQUIRED = 'Please read the Key Fact Statement and confirm it before you accept.';
