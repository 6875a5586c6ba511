/** The contact form's messages, kept for staff to answer. */

import type * as v from 'valibot';
import type { ContactRequest } from '../../lib/schemas/contact.ts';
import type { Database } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';

/** Keeps a message with the address it came from. */
export async function storeContactMessage(
  db: Database,
  message: v.InferOutput<typeof ContactRequest>,
  address: string,
  at: Date,
): Promise<void> {
  await db.insert(contactMessages).values({ ...message, address, createdAt: at });
}
