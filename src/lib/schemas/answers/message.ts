/** The answer of the calls that say only their message (a sign-out, a note recorded, a webhook received). */
import * as v from 'valibot';

export const MessageOnlyAnswer = v.strictObject({});
