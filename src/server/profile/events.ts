/**
 * Profile registration on the shared endpoint (product.md §4, §7): PAN, personal details,
 * residence, income, selfie, then the eligibility check. Events come in order; a step already done
 * can be redone until the customer has been found eligible.
 */

import { indiaDate } from '../../lib/dates.ts';
import { paiseFromRupees } from '../../lib/money.ts';
import { REGISTRATION_EVENTS, type RegistrationEvent, registrationPercent } from '../../lib/onboarding.ts';
import {
  PanVerifiedAnswer,
  RegisterNowAnswer,
  ResidenceAnswer,
  SelfieAnswer,
  StepAnswer,
} from '../../lib/schemas/answers/profile.ts';
import {
  IncomeDetailsRequest,
  PanVerificationRequest,
  PersonalDetailsRequest,
  RegisterNowRequest,
  ResidenceDetailsRequest,
  SELFIE_REQUIRED,
  SelfieUploadRequest,
} from '../../lib/schemas/profile.ts';
import type { Deps } from '../app/context.ts';
import { decideWithCreditReport } from '../bureauCheck/service.ts';
import { signedInCustomer } from '../customers/session.ts';
import { type Customer, customerByPan, updateCustomer } from '../customers/store.ts';
import { isUniqueViolation } from '../db/client.ts';
import { answersOf, hardRuleReasons, withReasons } from '../eligibility/rules.ts';
import { ApiError } from '../http/respond.ts';
import { KycUnavailable } from '../kyc/panVerifier.ts';
import { activeLoanOf } from '../loans/store.ts';
import { placeOfPincode } from '../master/data.ts';
import { answer, defineEvent } from '../registration/events.ts';
import { fileUrl } from '../storage/files.ts';
import { discardUnusedFile, storeUpload } from '../storage/uploads.ts';

const position = (step: string) => {
  const index = REGISTRATION_EVENTS.indexOf(step as RegistrationEvent);
  return index >= 0 ? index : REGISTRATION_EVENTS.length;
};

/** Refuses an event that comes before its turn, or after the profile was found eligible. */
function checkTurn(customer: Customer, event: RegistrationEvent) {
  if (customer.eligibilityStatus === 1) {
    throw new ApiError(
      409,
      'Your profile has been checked and found eligible; it can no longer be changed here.',
      'profile_locked',
    );
  }
  if (REGISTRATION_EVENTS.indexOf(event) > position(customer.nextStep)) {
    throw new ApiError(409, 'Please complete the earlier steps of your profile first.', 'out_of_order', undefined, {
      next_step: customer.nextStep,
    });
  }
}

/** What the policy's hard rules refuse on the profile's answers today (issue 24, "Eligibility first"). */
const reasonsNow = (deps: Pick<Deps, 'now' | 'config'>, customer: Customer) =>
  hardRuleReasons(answersOf(customer), deps.config.eligibilityPolicy, indiaDate(deps.now()));

/**
 * Saves a step and moves the customer on (never back, when a step is redone), with the hard rules
 * checked on the answers as saved. A step redone after a refusal drops the refusal's stored reason:
 * the answers it rested on changed, so the step's own reasons stand until register_now decides again.
 */
async function completeStep(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  customer: Customer,
  event: RegistrationEvent,
  changes: Partial<Customer>,
) {
  const done = Math.max(REGISTRATION_EVENTS.indexOf(event), position(customer.nextStep) - 1);
  const nextStep = REGISTRATION_EVENTS[done + 1] ?? 'register_now';
  const stepPercentage = registrationPercent(REGISTRATION_EVENTS[done] as RegistrationEvent);
  const saved = {
    ...changes,
    nextStep,
    stepPercentage,
    ...(nextStep === 'register_now' && { registrationSuccessful: 1 }),
    ...(customer.eligibilityReason !== null && { eligibilityReason: null }),
  };
  await updateCustomer(deps.db, customer.id, saved);
  return {
    next_step: nextStep,
    step_percentage: stepPercentage,
    eligibility_reasons: reasonsNow(deps, { ...customer, ...saved }),
  };
}

export const profileEvents = {
  pancard_verification: defineEvent({
    auth: 'session',
    schema: PanVerificationRequest,
    answer: PanVerifiedAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      checkTurn(customer, 'pancard_verification');
      const { deps } = call;
      let check: Awaited<ReturnType<typeof deps.panVerifier.verify>>;
      try {
        check = await deps.panVerifier.verify(input.pancard);
      } catch (error) {
        if (!(error instanceof KycUnavailable)) throw error;
        call.log.error('kyc unavailable', { reason: error.message });
        throw new ApiError(
          503,
          'PAN verification is not available just now. Please try again in a few minutes.',
          'kyc_unavailable',
        );
      }
      if (!check.valid) throw new ApiError(422, check.reason, 'pan_invalid');
      const holder = await customerByPan(deps.db, input.pancard);
      const panTaken = () =>
        new ApiError(409, 'This PAN is already registered with another account. Please contact support.', 'pan_taken');
      if (holder && holder.id !== customer.id) throw panTaken();
      // Two customers claiming one new PAN at the same moment both pass the check above; the unique
      // index lets one through and the other hears the same answer.
      const step = await completeStep(call.deps, customer, 'pancard_verification', {
        pancard: input.pancard,
        fullName: check.fullName,
        monthlyIncomePaise: paiseFromRupees(input.monthly_income),
      }).catch((error: unknown) => {
        throw isUniqueViolation(error, 'customers_pancard_unique') ? panTaken() : error;
      });
      return answer(
        { full_name: check.fullName, ...step },
        withReasons('PAN verified successfully.', step.eligibility_reasons),
      );
    },
  }),

  personal_details: defineEvent({
    auth: 'session',
    schema: PersonalDetailsRequest,
    answer: StepAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      checkTurn(customer, 'personal_details');
      const step = await completeStep(call.deps, customer, 'personal_details', {
        gender: input.gender,
        email: input.personal_email,
        dob: input.dob,
        maritalStatusId: input.marital_status_id,
        // Sent and kept only for the married (product.md §5).
        spouseName: input.marital_status_id === 2 ? (input.spouse_name ?? null) : null,
      });
      return answer(step, withReasons('Personal details saved.', step.eligibility_reasons));
    },
  }),

  residence_details: defineEvent({
    auth: 'session',
    schema: ResidenceDetailsRequest,
    answer: ResidenceAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      checkTurn(customer, 'residence_details');
      const place = await placeOfPincode(input.residence_pincode);
      if (!place) throw new ApiError(422, 'We could not find this pin code. Please check it.', 'unknown_pincode');
      const step = await completeStep(call.deps, customer, 'residence_details', {
        residenceTypeId: input.residence_type_id,
        residenceAddress1: input.residence_address_1,
        residenceAddress2: input.residence_address_2,
        residenceLandmark: input.residence_landmark,
        residencePincode: input.residence_pincode,
        residenceCity: place.cityName,
        residenceState: place.stateName,
      });
      return answer(
        { ...step, city: place.cityName, state: place.stateName },
        withReasons('Address saved.', step.eligibility_reasons),
      );
    },
  }),

  income_details: defineEvent({
    auth: 'session',
    schema: IncomeDetailsRequest,
    answer: StepAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      checkTurn(customer, 'income_details');
      const step = await completeStep(call.deps, customer, 'income_details', {
        incomeTypeId: input.income_type_id,
        salaryModeId: input.salary_mode_id,
        salaryDate: input.salary_date,
        monthlyIncomePaise: paiseFromRupees(input.monthly_income),
      });
      return answer(step, withReasons('Income details saved.', step.eligibility_reasons));
    },
  }),

  selfie_upload: defineEvent({
    auth: 'session',
    schema: SelfieUploadRequest,
    answer: SelfieAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      // A new picture may replace the old one at any time (the 'update' action of upload-picture).
      if (customer.eligibilityStatus !== 1) checkTurn(customer, 'selfie_upload');
      const file = await storeUpload(call.deps, customer.id, 'selfie', input.file, ['jpeg', 'png'], SELFIE_REQUIRED);
      const { deps } = call;
      // The picture replaced is deleted unless a staff decision rests on it (storage/uploads.ts).
      const discardReplaced = async () => {
        if (customer.selfieFileId) await discardUnusedFile(deps, customer.selfieFileId);
      };
      if (customer.eligibilityStatus === 1) {
        await updateCustomer(deps.db, customer.id, { selfieFileId: file.id });
        await discardReplaced();
        return answer(
          {
            selfie_doc_url: fileUrl(call, file.id),
            next_step: customer.nextStep,
            step_percentage: customer.stepPercentage,
            eligibility_reasons: reasonsNow(deps, customer),
          },
          'Picture updated.',
        );
      }
      const step = await completeStep(call.deps, customer, 'selfie_upload', { selfieFileId: file.id });
      await discardReplaced();
      return answer(
        { selfie_doc_url: fileUrl(call, file.id), ...step },
        withReasons('Picture saved.', step.eligibility_reasons),
      );
    },
  }),

  register_now: defineEvent({
    auth: 'session',
    schema: RegisterNowRequest,
    answer: RegisterNowAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      const { deps } = call;
      if (customer.eligibilityStatus === 1) {
        return answer(
          { next_step: customer.nextStep, eligibility_status: 1 as const },
          'You are already eligible. Continue your loan application.',
        );
      }
      if (
        !customer.registrationSuccessful ||
        !customer.dob ||
        !customer.monthlyIncomePaise ||
        !customer.incomeTypeId ||
        !customer.salaryModeId
      ) {
        throw new ApiError(409, 'Please complete all five steps of your profile first.', 'profile_incomplete');
      }
      const active = await activeLoanOf(deps.db, customer.id);
      // The hard rules, then the credit report under the bureau consent (src/server/bureauCheck/).
      const decision = await decideWithCreditReport(
        call,
        customer,
        {
          dob: customer.dob,
          monthlyIncomePaise: customer.monthlyIncomePaise,
          incomeTypeId: customer.incomeTypeId,
          salaryModeId: customer.salaryModeId,
          residence: answersOf(customer).residence,
          hasActiveLoan: Boolean(active),
          today: indiaDate(deps.now()),
        },
        input.bureau_consent === 1,
      );
      await updateCustomer(deps.db, customer.id, {
        eligibilityStatus: decision.eligible ? 1 : 0,
        eligibilityReason: decision.message,
        eligibilityDecidedAt: deps.now(),
        ...(decision.eligible && { nextStep: 'generate_loan_quote' }),
      });
      if (!decision.eligible) {
        throw new ApiError(422, decision.message, 'not_eligible', undefined, {
          eligibility_status: 0,
          eligibility_reasons: decision.reasons,
        });
      }
      return answer(
        {
          next_step: 'generate_loan_quote',
          eligibility_status: 1 as const,
          max_loan_amount: decision.quote.max_loan_amount,
          daily_rate_percent: decision.quote.daily_rate_percent,
        },
        decision.message,
      );
    },
  }),
};
