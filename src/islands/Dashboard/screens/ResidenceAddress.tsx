import { type FormEvent, useEffect, useState } from 'react';
import type * as v from 'valibot';
import { safeParse } from 'valibot';
import { callApi, failureMessage, NetworkError } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import type { PincodeAnswer } from '../../../lib/schemas/answers/master.ts';
import type { ResidenceAnswer } from '../../../lib/schemas/answers/profile.ts';
import { ResidenceDetailsRequest } from '../../../lib/schemas/profile.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { ChoiceGroup, DigitsField, ReadOnlyField, TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { afterFormStep } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { registrationEvent } from '../state/api.ts';
import { fieldErrors } from '../state/forms.ts';
import { formValue, RESIDENCE_TYPES } from '../state/lookups.ts';
import type { Profile } from '../state/profile.ts';
import { useProfileStep } from '../state/useProfileStep.ts';

interface Values {
  residence_type_id: string;
  residence_address_1: string;
  residence_address_2: string;
  residence_landmark: string;
  residence_pincode: string;
}
const EMPTY: Values = {
  residence_type_id: '',
  residence_address_1: '',
  residence_address_2: '',
  residence_landmark: '',
  residence_pincode: '',
};

/** The pin code's place: none yet, being looked up, or found. */
type Lookup =
  | { status: 'idle' }
  | { status: 'looking'; pincode: string }
  | { status: 'found'; pincode: string; city: string; state: string };

/** Redoing the step: what was given before fills the form. */
const savedResidence = ({ profile_details: details }: Profile): Partial<Values> | undefined =>
  details && {
    residence_type_id: formValue(details.residence_type_id),
    residence_address_1: details.residence_address_1,
    residence_address_2: details.residence_address_2,
    residence_landmark: details.residence_landmark,
    residence_pincode: details.residence_pincode,
  };

/** Residence details (event residence_details), with the city and state found from the pin code. */
export default function ResidenceAddress({ route }: ScreenProps) {
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  // With the saved pin code comes its saved city and state: no lookup needed.
  const { form, values, field, errors, setErrors, refuse, send, busy, run } = useProfileStep(
    EMPTY,
    savedResidence,
    ({ profile_details: details }) => {
      if (details?.residence_pincode && details.residence_city) {
        setLookup({
          status: 'found',
          pincode: details.residence_pincode,
          city: details.residence_city,
          state: details.residence_state,
        });
      }
    },
  );

  // A complete pin code is looked up at once (masterAPI, public), so the customer sees the city and state.
  const pincode = values.residence_pincode;
  const known = lookup.status === 'found' ? lookup.pincode : '';
  useEffect(() => {
    if (pincode.length !== 6) {
      setLookup({ status: 'idle' });
      return;
    }
    if (known === pincode) return;
    const controller = new AbortController();
    setLookup({ status: 'looking', pincode });
    callApi<v.InferOutput<typeof PincodeAnswer>>(
      API.master,
      { type: 'pincode', pincode },
      { signal: controller.signal },
    )
      .then((envelope) => {
        if (envelope.Status === STATUS.ok) {
          setLookup({ status: 'found', pincode, city: envelope.Data.city_name, state: envelope.Data.state_name });
          setErrors((current) => ({ ...current, residence_pincode: '' }));
        } else {
          setLookup({ status: 'idle' });
          setErrors((current) => ({ ...current, residence_pincode: failureMessage(envelope) }));
        }
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setLookup({ status: 'idle' });
        if (error instanceof NetworkError) setErrors((current) => ({ ...current, residence_pincode: error.message }));
      });
    return () => controller.abort();
  }, [pincode, known, setErrors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = safeParse(ResidenceDetailsRequest, { event_name: 'residence_details', ...values });
    if (!checked.success) return refuse(fieldErrors(checked.issues));
    const { event_name: _event, ...details } = checked.output;
    await run('save', async () => {
      const saved = await send(() =>
        registrationEvent<v.InferOutput<typeof ResidenceAnswer>>('residence_details', details),
      );
      if (saved) afterFormStep(saved, refuse);
    });
  };

  const place = lookup.status === 'found' ? lookup : null;
  return (
    <StepScreen
      back={{ to: screenPath(''), label: 'Back to your profile steps' }}
      title={route.title}
      intro="Where do you live now? We find the city and state from the pin code."
      onSubmit={submit}
      formRef={form}
    >
      <EligibilityNotice fields={['residence_pincode']} inForm />
      <ChoiceGroup
        legend="Residence Type"
        name="residence_type"
        choices={RESIDENCE_TYPES}
        {...field('residence_type_id')}
      />
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        {...field('residence_address_1')}
        hint="House or flat number and building."
      />
      <TextField
        label="Address line 2"
        autoComplete="address-line2"
        {...field('residence_address_2')}
        hint="Street and area."
      />
      <TextField label="Landmark (optional)" autoComplete="off" {...field('residence_landmark')} />
      <DigitsField
        label="Pin Code"
        digits={6}
        autoComplete="postal-code"
        {...field('residence_pincode')}
        error={errors.residence_pincode || undefined}
      />
      <p className={formStyles.hint} role="status">
        {lookup.status === 'looking' ? 'Finding the city and state…' : ''}
      </p>
      <div className={formStyles.row}>
        <ReadOnlyField label="City" value={place?.city ?? ''} />
        <ReadOnlyField label="State" value={place?.state ?? ''} />
      </div>
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'save'}>Save and Continue</BusyButton>
      </div>
    </StepScreen>
  );
}
