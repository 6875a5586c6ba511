/**
 * The eligibility policy's hard rules and every refusal message, in one place (issue 24, "Eligibility
 * first"): each rule is checked as soon as the answer that decides it is given, all of them at once,
 * and each refusal says why in the policy's own figures and what the customer can do (correct the
 * answer, or come back on a date). register_now (./policy.ts `decide`) uses the same rules and texts.
 */
import type * as v from 'valibot';
import { addDays, isCalendarDate } from '../../lib/dates.ts';
import { orList, PAID_BY } from '../../lib/facts.ts';
import { formatDate } from '../../lib/format.ts';
import { formatPaise, formatRupees, paiseFromRupees } from '../../lib/money.ts';
import { REGISTRATION_EVENTS } from '../../lib/onboarding.ts';
import type { EligibilityReasonAnswer } from '../../lib/schemas/answers/profile.ts';
import { type AreasServedSchema, EMPLOYMENT, SALARY_PAID_BY } from '../../lib/site.ts';

export type Reason = v.InferOutput<typeof EligibilityReasonAnswer>;

/** The figures of the policy (./policy.ts `Policy`) the hard rules read. */
export interface HardRules {
  minAge: number;
  maxAge: number;
  minMonthlyIncomeRupees: number;
  incomeTypes: readonly number[];
  salaryModes: readonly number[];
  areasServed: v.InferOutput<typeof AreasServedSchema>;
}

/** What a customer's profile holds of the answers the rules read (customers/store.ts `Customer`). */
export interface ProfileAnswers {
  dob: string | null;
  monthlyIncomePaise: number | null;
  incomeTypeId: number | null;
  salaryModeId: number | null;
  residenceCity: string | null;
  residenceState: string | null;
}

/** What the customer has told us so far; null where a step has not given it yet. */
export interface Answers {
  dob: string | null;
  monthlyIncomePaise: number | null;
  incomeTypeId: number | null;
  salaryModeId: number | null;
  /** The residence pin code's place. */
  residence: { city: string; state: string } | null;
  /** Whether the income step is done: the income is then corrected there, else at the PAN step. */
  incomeStepDone: boolean;
}

/** The messages no hard rule gives: the decision's own (./policy.ts). */
export const DECISION_MESSAGES = {
  activeLoan: 'You already have an active loan with us. Repay it first, then apply again.',
  belowSmallestLoan: (minRupees: number) =>
    `With this income the loan we could offer is below our smallest loan of ${formatRupees(minRupees)}.`,
  eligible: 'Congratulations! You are eligible for a loan. Continue to choose the amount and tenure.',
};

export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The day someone born on `dob` turns `years` (29 February's children on 1 March of a common year). */
function birthdayAt(dob: string, years: number): string {
  const [by, bm, bd] = dob.split('-') as [string, string, string];
  const day = `${String(Number(by) + years).padStart(4, '0')}-${bm}-${bd}`;
  return isCalendarDate(day) ? day : addDays(`${day.slice(0, 4)}-02-28`, 1);
}

const correctIfWrong = (label: string) => `If the ${label} you gave is wrong, correct it.`;

/** The place as the pages would name it: a whole state, or "Gurgaon (Haryana)". */
const placeName = (area: { state: string; city?: string | undefined }) =>
  area.city ? `${area.city} (${area.state})` : area.state;

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/** Whether the policy lends at this place. */
function servesPlace(policy: HardRules, place: { city: string; state: string }): boolean {
  if (policy.areasServed === 'all') return true;
  return policy.areasServed.some(
    (area) => same(area.state, place.state) && (area.city === undefined || same(area.city, place.city)),
  );
}

/** The order of the fields within a step's form (the income step: type, income, mode). */
const FIELD_ORDER: Reason['field'][] = [
  'dob',
  'residence_pincode',
  'income_type_id',
  'monthly_income',
  'salary_mode_id',
];

/** Every hard rule's refusal on the answers given so far: empty when none refuses. */
export function hardRuleReasons(answers: Answers, policy: HardRules, today: string): Reason[] {
  const reasons: Reason[] = [];
  const { minAge, maxAge } = policy;
  if (answers.dob) {
    const age = ageOn(answers.dob, today);
    if (age < minAge || age > maxAge) {
      const comeBackOn = age < minAge ? birthdayAt(answers.dob, minAge) : null;
      reasons.push({
        rule: 'age',
        message: `We lend to people aged ${minAge} to ${maxAge}; by the date of birth you gave, you are ${age}.`,
        field: 'dob',
        field_label: 'date of birth',
        step: 'personal_details',
        action: comeBackOn
          ? `You can apply from ${formatDate(comeBackOn)}, when you turn ${minAge}. ${correctIfWrong('date of birth')}`
          : correctIfWrong('date of birth'),
        come_back_on: comeBackOn,
      });
    }
  }
  if (answers.residence && !servesPlace(policy, answers.residence)) {
    const served = policy.areasServed === 'all' ? [] : policy.areasServed.map(placeName);
    reasons.push({
      rule: 'city',
      message: `We do not lend in ${answers.residence.city} (${answers.residence.state}) yet; we lend to people living in ${orList(served)}.`,
      field: 'residence_pincode',
      field_label: 'pin code',
      step: 'residence_details',
      action: correctIfWrong('pin code'),
      come_back_on: null,
    });
  }
  if (answers.incomeTypeId !== null && !policy.incomeTypes.includes(answers.incomeTypeId)) {
    const allowed = policy.incomeTypes.map((id) => EMPLOYMENT[id - 1] ?? '');
    const given = EMPLOYMENT[answers.incomeTypeId - 1] ?? 'other';
    reasons.push({
      rule: 'employment',
      message: `Our loans are for ${orList(allowed)} people; we cannot lend to the ${given} yet.`,
      field: 'income_type_id',
      field_label: 'employment type',
      step: 'income_details',
      action: `If you are ${orList(allowed)}, correct your employment type.`,
      come_back_on: null,
    });
  }
  if (answers.salaryModeId !== null && !policy.salaryModes.includes(answers.salaryModeId)) {
    const paidBy = (id: number) => {
      const mode = SALARY_PAID_BY[id - 1];
      return mode ? PAID_BY[mode] : 'that way';
    };
    const allowed = orList(policy.salaryModes.map(paidBy));
    reasons.push({
      rule: 'salary_mode',
      message: `We need your salary to be paid ${allowed}; we cannot lend on a salary paid ${paidBy(answers.salaryModeId)}.`,
      field: 'salary_mode_id',
      field_label: 'mode of salary',
      step: 'income_details',
      action: `If your salary is paid ${allowed}, correct the mode of salary.`,
      come_back_on: null,
    });
  }
  const floor = formatRupees(policy.minMonthlyIncomeRupees);
  if (
    answers.monthlyIncomePaise !== null &&
    answers.monthlyIncomePaise < paiseFromRupees(policy.minMonthlyIncomeRupees)
  ) {
    reasons.push({
      rule: 'income',
      message: `Our loans need a monthly income of at least ${floor}.`,
      field: 'monthly_income',
      field_label: 'monthly income',
      step: answers.incomeStepDone ? 'income_details' : 'pancard_verification',
      action: `If you earn more than the ${formatPaise(answers.monthlyIncomePaise)} you gave, correct your monthly income; otherwise you can apply once you earn ${floor} a month.`,
      come_back_on: null,
    });
  }
  const at = (reason: Reason) => REGISTRATION_EVENTS.indexOf(reason.step) * 10 + FIELD_ORDER.indexOf(reason.field);
  return reasons.sort((a, b) => at(a) - at(b));
}

/** What the customer's profile tells the hard rules now. */
export function answersOf(customer: ProfileAnswers): Answers {
  return {
    dob: customer.dob,
    monthlyIncomePaise: customer.monthlyIncomePaise,
    incomeTypeId: customer.incomeTypeId,
    salaryModeId: customer.salaryModeId,
    residence:
      customer.residenceCity && customer.residenceState
        ? { city: customer.residenceCity, state: customer.residenceState }
        : null,
    // Only the income step gives the salary mode.
    incomeStepDone: customer.salaryModeId !== null,
  };
}

/** A step's message with what the hard rules refuse on the answers so far, every reason at once. */
export function withReasons(message: string, reasons: readonly Reason[]): string {
  if (reasons.length === 0) return message;
  return `${message} On what you have told us so far we cannot lend to you: ${reasons.map((r) => r.message).join(' ')}`;
}
