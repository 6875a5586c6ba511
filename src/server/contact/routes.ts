/**
 * The contact form (product.md §10.8): rate-limited per address, and opened as a complaint with its
 * number (issue 22), acknowledged by SMS and e-mail at once, answered by support in the back office.
 */
import { API } from '../../lib/api/paths.ts';
import { ContactAnswer } from '../../lib/schemas/answers/contact.ts';
import { CONTACT_SENT, ContactRequest } from '../../lib/schemas/contact.ts';
import { raiseComplaint } from '../complaints/service.ts';
import { takeSlot } from '../db/rateLimit.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';

export const contactRoutes = [
  defineRoute({
    method: 'post',
    path: API.contact,
    operationId: 'contactUs',
    summary: 'Sends a message from the contact form',
    tag: 'Contact',
    auth: 'client',
    body: ContactRequest,
    answer: ContactAnswer,
    async handle(c, input) {
      const { db, config, now } = c.get('deps');
      const address = c.get('address');
      if (!(await takeSlot(db, `contact:${address}`, config.contactMaxPerAddressPerHour, 3600, now()))) {
        throw new ApiError(
          429,
          'You have sent several messages already. Please try again in an hour, or call us.',
          'contact_limit',
          undefined,
          { retry_after_seconds: 3600 },
        );
      }
      const complaint = await raiseComplaint(c.get('deps'), { ...input, channel: 'contact_form', customerId: null });
      return ok(
        c,
        { complaint_no: complaint.complaintNo },
        `${CONTACT_SENT} Your reference number is ${complaint.complaintNo}.`,
      );
    },
  }),
];
