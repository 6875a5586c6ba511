/** contactUs's answer. */
import * as v from 'valibot';

/** contactUs: the reference number of the complaint the message opened. */
export const ContactAnswer = v.strictObject({ complaint_no: v.string() });
