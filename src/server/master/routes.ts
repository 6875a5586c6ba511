/**
 * Master data (product.md §7.5): the states and union territories,
 * a state's cities, and a pin code's city and state, which fill the address forms (captur-address,
 * about-your-company) from the pin code. One endpoint; `type` says which lookup.
 */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { MasterAnswer } from '../../lib/schemas/answers/master.ts';
import { requiredMessage } from '../../lib/schemas/fields.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { masterData } from './data.ts';

/** product.md §5. */
export const PIN_INVALID = 'Pin code invalid!';
export const PIN_REQUIRED = requiredMessage('Pin code');
export const PIN_UNKNOWN = 'We could not find this pin code. Please check it.';
export const STATE_REQUIRED = requiredMessage('State');
export const STATE_INVALID = 'Choose a state from the list.';
export const STATE_UNKNOWN = 'Unknown state.';
export const TYPE_INVALID = 'Say what to look up: type is states, cities or pincode.';

const missing = (issue: v.BaseIssue<unknown>) => issue.input === undefined || issue.input === null;

/** An Indian pin code: six digits, the first 1 to 9. A JSON number is taken as its digits. */
const pincode = v.pipe(
  v.union([v.string(), v.number()], (issue) => (missing(issue) ? PIN_REQUIRED : PIN_INVALID)),
  // Before the first transform: the OpenAPI document describes the input, up to there.
  v.description('Six digits, the first 1 to 9 ("110001"); a JSON number is taken as its digits.'),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(PIN_REQUIRED),
  v.regex(/^[1-9]\d{5}$/, PIN_INVALID),
);

/** A state id as a number or as digits. */
const stateId = v.pipe(
  v.union([v.string(), v.number()], (issue) => (missing(issue) ? STATE_REQUIRED : STATE_INVALID)),
  v.description('A state_id from the "states" list, as a number or as digits.'),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(STATE_REQUIRED),
  v.regex(/^[1-9]\d{0,5}$/, STATE_INVALID),
  v.transform(Number),
);

/** A key left out gets the same "{field} is required!" as a key sent empty. */
const REQUIRED: Record<string, string> = { state_id: STATE_REQUIRED, pincode: PIN_REQUIRED };
const missingKey = (issue: v.BaseIssue<unknown>) => REQUIRED[String(issue.path?.[0]?.key)] ?? issue.message;

export const MasterRequest = v.variant(
  'type',
  [
    v.object({ type: v.literal('states') }),
    v.object({ type: v.literal('cities'), state_id: stateId }, missingKey),
    v.object({ type: v.literal('pincode'), pincode }, missingKey),
  ],
  TYPE_INVALID,
);

export const masterRoutes = [
  defineRoute({
    method: 'post',
    path: API.master,
    operationId: 'masterAPI',
    summary:
      'Master data by `type`: "states" lists the states and union territories, "cities" a state\'s cities (state_id), "pincode" the city and state of a pin code',
    tag: 'Master data',
    auth: 'client',
    body: MasterRequest,
    answer: MasterAnswer,
    failures: { 404: 'An unknown state_id, or a well-formed pin code that is not in the data.' },
    async handle(c, input) {
      const data = await masterData();
      switch (input.type) {
        case 'states':
          return ok(c, { states: data.states.map((state) => ({ state_id: state.id, state_name: state.name })) });
        case 'cities': {
          const cities = data.citiesByState.get(input.state_id);
          if (!cities) throw new ApiError(404, STATE_UNKNOWN, 'unknown_state');
          return ok(c, { cities: cities.map((city) => ({ city_id: city.id, city_name: city.name })) });
        }
        case 'pincode': {
          const city = data.cityById.get(data.pincodes.get(input.pincode) ?? 0);
          const state = city && data.stateById.get(city.stateId);
          if (!city || !state) throw new ApiError(404, PIN_UNKNOWN, 'unknown_pincode');
          return ok(c, {
            pincode: input.pincode,
            city_id: city.id,
            city_name: city.name,
            state_id: state.id,
            state_name: state.name,
          });
        }
      }
    },
  }),
];
