/** The credit reports asked before the eligibility decision, as staff read them (src/server/bureauCheck/). */
import * as v from 'valibot';

/** One ask: the report's figures and what it decided, or why no report came. Newest first in a list. */
export const BureauCheckAnswer = v.strictObject({
  asked_at: v.string(),
  /** sandbox | http */
  provider: v.string(),
  outcome: v.picklist(['report', 'failed']),
  bureau: v.nullable(v.string()),
  /** The bureau's id of the report, for a dispute. */
  reference: v.nullable(v.string()),
  /** Null: no history to score, or no report. */
  score: v.nullable(v.number()),
  summary: v.nullable(
    v.strictObject({
      score: v.nullable(v.number()),
      accounts: v.number(),
      openAccounts: v.number(),
      accountsOverdue: v.number(),
      maxDaysPastDue: v.number(),
      /** Accounts written off, settled, suit filed or wilful default. */
      defaults: v.number(),
      recentEnquiries: v.number(),
      /** Owed on open accounts, whole rupees. */
      balanceRupees: v.number(),
    }),
  ),
  /** A refusal's reasons, or what the report let us offer. */
  finding: v.nullable(v.string()),
  failure: v.nullable(v.string()),
});
