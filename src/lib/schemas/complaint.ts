/** A complaint the signed-in customer raises (issue 22): the dashboard's form and the API check the same rules. */
import * as v from 'valibot';
import { required } from './fields.ts';

export const ComplaintRequest = v.object({
  subject: required('Subject', 150),
  message: required('Message', 2000),
});

export type ComplaintRequest = v.InferInput<typeof ComplaintRequest>;
