/** The contact form (product.md §10.8): name, e-mail, phone and message required, subject optional. */
import * as v from 'valibot';
import { email, indianMobile, required } from './fields.ts';

export const ContactRequest = v.object({
  name: required('Name', 100),
  email,
  phone: indianMobile,
  subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150, 'Subject must be at most 150 characters')), ''),
  message: required('Message', 2000),
});

export type ContactRequest = v.InferInput<typeof ContactRequest>;
export const CONTACT_SENT = 'Thank you. Your message has reached us; we will reply within one working day.';
