/**
 * What a customer agreed to (issue 24): `consents --customer <mobile>` prints each consent on record
 * (kind, time, text version, address, user agent) and their privacy requests (support, credit);
 * `privacy-requests` the deletion requests waiting for staff (support, admin); `privacy-close` closes one
 * with its outcome and the note the customer reads, through the same route as the console. The mobile
 * goes in the body, never in an address.
 */

import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type {
  PrivacyRequestAnswer,
  StaffConsentsAnswer,
  StaffPrivacyRequestsAnswer,
} from '../../../lib/schemas/answers/consent.ts';
import { PRIVACY_OUTCOMES, type PrivacyOutcome } from '../../../lib/schemas/consent.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { option, UsageError } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer, table } from '../table.ts';

export function consentsArguments(args: string[]) {
  const mobile = option(args, 'customer');
  if (!mobile || !/^[6-9]\d{9}$/.test(mobile))
    throw new UsageError('Usage: npm run ops -- consents --customer <10-digit mobile>');
  return { mobile };
}

export async function consentsOnServer(ops: OpsServerContext, args: string[]) {
  const { mobile } = consentsArguments(args);
  const answer = await ops.server.call<v.InferOutput<typeof StaffConsentsAnswer>>(STAFF_API.customerConsents, {
    mobile,
  });
  printAnswer(ops, answer, () => {
    const { consents, requests } = answer.data;
    ops.write.out(terminalSafe`What ${answer.data.name || 'the customer'} agreed to:`);
    ops.write.out(
      consents.length === 0
        ? 'No consent on record.'
        : table(
            consents.map((row) => ({
              kind: row.kind,
              given: formatDateTime(row.given_at),
              for: row.reference ?? '',
              text_version: row.text_version,
              address: row.address,
              user_agent: row.user_agent.slice(0, 60),
              withdrawn: row.withdrawn_at ? formatDateTime(row.withdrawn_at) : '',
            })),
          ),
    );
    if (requests.length === 0) return;
    ops.write.out('\nPrivacy requests:');
    ops.write.out(
      table(
        requests.map((row) => ({
          request: row.request_no,
          kind: row.kind,
          consent: row.consent_kind ?? '',
          asked: formatDateTime(row.requested_at),
          status: row.status,
          note: row.note,
        })),
      ),
    );
  });
}

export async function privacyRequestsOnServer(ops: OpsServerContext) {
  const answer = await ops.server.call<v.InferOutput<typeof StaffPrivacyRequestsAnswer>>(STAFF_API.privacyRequests);
  printAnswer(ops, answer, () => {
    ops.write.out(
      table(
        answer.data.items.map((row) => ({
          request: row.request_no,
          kind: row.kind,
          name: row.name,
          mobile: row.mobile,
          asked: formatDateTime(row.requested_at),
          note: row.note,
        })),
      ),
    );
    ops.write.out(`\n${answer.data.count} waiting for staff.`);
  });
}

const CLOSE_USAGE =
  'Usage: npm run ops -- privacy-close <request, e.g. PR-000012 or 12> --outcome erased|kept --note "<what was done, as the customer reads it>"';

/** `privacy-close <id> --outcome erased|kept --note <text>`: the request's number (PR-000012) or its id (12). */
export function privacyCloseArguments(args: string[]) {
  const given = args[0] ?? '';
  const digits = /^(?:PR-)?(\d{1,15})$/i.exec(given)?.[1];
  const outcome = option(args, 'outcome');
  const note = option(args, 'note')?.trim();
  if (!digits || Number(digits) < 1 || !PRIVACY_OUTCOMES.includes(outcome as PrivacyOutcome) || !note)
    throw new UsageError(CLOSE_USAGE);
  return { requestNo: `PR-${digits.padStart(6, '0')}`, outcome: outcome as PrivacyOutcome, note };
}

export async function privacyCloseOnServer(ops: OpsServerContext, args: string[]) {
  const { requestNo, outcome, note } = privacyCloseArguments(args);
  const answer = await ops.server.call<v.InferOutput<typeof PrivacyRequestAnswer>>(STAFF_API.closePrivacyRequest, {
    request_no: requestNo,
    outcome,
    note,
  });
  printAnswer(ops, answer, () => ops.write.out(terminalSafe`${answer.message}`));
}
