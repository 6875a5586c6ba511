/** masterAPI's answers by `type` (product.md §7): states, a state's cities, a pin code's city and state. */
import * as v from 'valibot';

const id = v.pipe(v.number(), v.integer());

/** A pin code's city and state (the residence form fills them in). */
export const PincodeAnswer = v.strictObject({
  pincode: v.string(),
  city_id: id,
  city_name: v.string(),
  state_id: id,
  state_name: v.string(),
});

/** By name; the ids are stable across data updates. */
export const MasterAnswer = v.union([
  v.strictObject({ states: v.array(v.strictObject({ state_id: id, state_name: v.string() })) }),
  v.strictObject({ cities: v.array(v.strictObject({ city_id: id, city_name: v.string() })) }),
  PincodeAnswer,
]);
