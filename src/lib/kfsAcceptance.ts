/**
 * The words of accepting a Key Fact Statement, apart from the statement's text (./kfs.ts): the quote
 * screen needs only this message, and its chunk should not carry the whole statement (scripts/budgets.ts).
 */

/** Accepting without confirming the Key Fact Statement (the server's answer and the forms' message). */
export const KFS_REQUIRED = 'Please read the Key Fact Statement and confirm it before you accept.';

/**
 * The customer's own statements of one application, latest first (session route): here, so the
 * statements' list (StoredStatements) loads the statement's view and words only when one is opened.
 */
export const KFS_STATEMENTS_PATH = '/Api/Website/getKeyFactStatements';
