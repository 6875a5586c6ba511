/** Field rules shared by forms and the API, with the specifications' messages word for word. */
import * as v from 'valibot';
import { isCalendarDate } from '../dates.ts';
import {
  DIGITS,
  FOUR_DIGITS,
  INDIAN_MOBILE_START,
  MOBILE_DIGITS_ONLY,
  MOBILE_NOT_INDIAN,
  MOBILE_TOO_SHORT,
  OTP_MESSAGE,
  PAN_MESSAGE,
  PAN_PATTERN,
} from './signInRules.ts';

/** product.md §5: an empty required field gives "{field} is required!". */
export const requiredMessage = (field: string) => `${field} is required!`;

export const required = (field: string, max = 200) =>
  v.pipe(
    v.string(requiredMessage(field)),
    v.trim(),
    v.nonEmpty(requiredMessage(field)),
    v.maxLength(max, `${field} must be at most ${max} characters`),
  );

export const email = v.pipe(
  v.string('Email is required!'),
  v.trim(),
  v.nonEmpty('Email is required!'),
  v.maxLength(254, 'This is not a valid email format!'),
  v.email('This is not a valid email format!'),
);

/** An Indian mobile for dashboard forms: 10 digits starting with 6 to 9. */
export const indianMobile = v.pipe(
  v.string('Mobile number invalid!'),
  v.trim(),
  v.regex(/^[6-9]\d{9}$/, 'Mobile number invalid!'),
);

/** The sign-in card's mobile (product.md §5), from the card's own rules. */
export const loginMobile = v.pipe(
  v.string(MOBILE_TOO_SHORT),
  v.regex(DIGITS, MOBILE_DIGITS_ONLY),
  v.length(10, MOBILE_TOO_SHORT),
  v.regex(INDIAN_MOBILE_START, MOBILE_NOT_INDIAN),
);

export { MOBILE_TOO_SHORT, OTP_MESSAGE };
export const otp = v.pipe(v.string(OTP_MESSAGE), v.regex(FOUR_DIGITS, OTP_MESSAGE));

/** PAN: 5 letters, 4 digits, 1 letter (product.md §5). */
export { PAN_MESSAGE, PAN_PATTERN };
export const pan = v.pipe(v.string(PAN_MESSAGE), v.trim(), v.toUpperCase(), v.regex(PAN_PATTERN, PAN_MESSAGE));

/** A date field: YYYY-MM-DD and a real day of the calendar (no 2000-02-31), else the field's message. */
export const calendarDate = (field: string) =>
  v.pipe(
    v.string(requiredMessage(field)),
    v.nonEmpty(requiredMessage(field)),
    v.check(isCalendarDate, `${field} is not a valid date.`),
  );
