/** The customer a request is signed in as. */
import type { Context } from 'hono';
import type { AppEnv } from '../app/context.ts';
import { ApiError, sessionExpired } from '../http/respond.ts';
import { type Customer, customerById } from './store.ts';

/** The signed-in customer; a profile_id in the payload must be theirs (product.md §10.9). */
export async function ownCustomer(c: Context<AppEnv>, profileId?: string): Promise<Customer> {
  const session = c.get('session');
  if (!session) throw sessionExpired();
  if (profileId !== undefined && profileId !== session.customerId) {
    throw new ApiError(403, 'This profile does not belong to the signed-in customer.', 'forbidden');
  }
  const customer = await customerById(c.get('deps').db, session.customerId);
  if (!customer) throw sessionExpired();
  return customer;
}
