/** The customer a request is signed in as. */
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../app/context.ts';
import { ApiError, sessionExpired } from '../http/respond.ts';
import type { ActiveSession } from '../signIn/sessions.ts';
import { type Customer, customerById } from './store.ts';

/** The customer of a live session; a profile_id in the payload must be theirs (product.md §10.9). */
export async function signedInCustomer(
  call: { deps: Pick<Deps, 'db'>; session: ActiveSession | undefined },
  profileId?: string,
): Promise<Customer> {
  const { session } = call;
  if (!session) throw sessionExpired();
  if (profileId !== undefined && profileId !== session.customerId) {
    throw new ApiError(403, 'This profile does not belong to the signed-in customer.', 'forbidden');
  }
  const customer = await customerById(call.deps.db, session.customerId);
  if (!customer) throw sessionExpired();
  return customer;
}

/** The signed-in customer of a route's request. */
export const ownCustomer = (c: Context<AppEnv>, profileId?: string): Promise<Customer> =>
  signedInCustomer({ deps: c.get('deps'), session: c.get('session') }, profileId);
