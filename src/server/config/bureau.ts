/**
 * Credit bureau reporting (issue 23; docs/decisions.md "Credit bureau reporting"): who we are to the
 * credit information companies and where the files are kept. The reporting dates are in
 * ./bureauSchedule.ts; the DLT template of the default notice is with every other text's, in ./sms.ts.
 */
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { DATA_DIR, inMemory, optionalText } from './values.ts';

export const BureauSchema = v.pipe(
  v.object({
    DATA_DIR,
    /** Where the files are written (mode 0600): they hold PANs. Default: DATA_DIR/bureau. */
    BUREAU_DIR: optionalText(),
    /** Our member id at the credit information companies (TUDF header and account segment). */
    BUREAU_MEMBER_ID: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,30}$/, 'must be the member id the bureau gave (letters and digits)')),
      'NB00000000',
    ),
    /** Our short name at the bureaus (TUDF: 16 characters at most). */
    BUREAU_MEMBER_NAME: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Z0-9 ]{1,16}$/, 'must be 1 to 16 capital letters, digits or spaces')),
      'KOSHCREDIT',
    ),
  }),
  v.transform((e) => ({
    bureau: {
      dir: e.BUREAU_DIR
        ? resolve(e.BUREAU_DIR)
        : inMemory(e.DATA_DIR)
          ? resolve(tmpdir(), 'kosh-bureau')
          : resolve(e.DATA_DIR, 'bureau'),
      memberId: e.BUREAU_MEMBER_ID,
      memberName: e.BUREAU_MEMBER_NAME,
    },
  })),
);
