/** The contact form (decisions.md §8): stored, rate-limited per address, answered plainly. */
import { and, eq, gt, sql } from 'drizzle-orm';
import { API } from '../../lib/api/paths.ts';
import { CONTACT_SENT, ContactRequest } from '../../lib/schemas/contact.ts';
import { lockKey } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
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
    async handle(c, input) {
      const { db, config, now } = c.get('deps');
      const address = c.get('address');
      const hourAgo = new Date(now().getTime() - 3_600_000);
      await db.transaction(async (tx) => {
        await tx.execute(lockKey(`contact:${address}`));
        const [sent] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(contactMessages)
          .where(and(eq(contactMessages.address, address), gt(contactMessages.createdAt, hourAgo)));
        if ((sent?.count ?? 0) >= config.contactMaxPerAddressPerHour) {
          throw new ApiError(
            429,
            'You have sent several messages already. Please try again in an hour, or call us.',
            'contact_limit',
            undefined,
            { retry_after_seconds: 3600 },
          );
        }
        await tx.insert(contactMessages).values({ ...input, address, createdAt: now() });
      });
      return ok(c, {}, CONTACT_SENT);
    },
  }),
];
