/** The bank and branch an IFSC names (issue 24, issue 25 finding 11), for the bank details form. */
import * as v from 'valibot';

export const IfscAnswer = v.strictObject({
  ifsc: v.string(),
  bank: v.string(),
  /** Null when no directory names the branch: the customer types it. */
  branch: v.nullable(v.string()),
});
