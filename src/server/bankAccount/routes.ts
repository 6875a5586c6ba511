/** The bank and branch of an IFSC for the bank details form: the dataset stays on the server, the island small. */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { IFSC_PATTERN } from '../../lib/banks.ts';
import { IfscAnswer } from '../../lib/schemas/answers/bankAccount.ts';
import { ownCustomer } from '../customers/session.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { ifscDetails } from './ifsc.ts';

export const bankAccountRoutes = [
  defineRoute({
    method: 'post',
    path: API.ifscDetails,
    operationId: 'getIfscDetails',
    summary: 'The bank (from the IFSC dataset) and, where a directory names it, the branch of an IFSC',
    tag: 'Application',
    auth: 'session',
    body: v.object({
      profile_id: v.optional(v.pipe(v.string(), v.uuid())),
      ifsc: v.pipe(
        v.string('IFSC is required!'),
        v.trim(),
        v.toUpperCase(),
        v.regex(IFSC_PATTERN, 'Please enter a valid IFSC code.'),
      ),
    }),
    answer: IfscAnswer,
    failures: { 404: 'No bank lists this IFSC' },
    async handle(c, input) {
      await ownCustomer(c, input.profile_id);
      const found = await ifscDetails(input.ifsc, c.get('deps').branchDirectory);
      if (!found) {
        throw new ApiError(
          404,
          'No bank lists this IFSC. Please check it on your cheque book or passbook.',
          'ifsc_unknown',
        );
      }
      return ok(c, found);
    },
  }),
];
