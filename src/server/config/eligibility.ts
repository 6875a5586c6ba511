/** The eligibility policy: the documented defaults, or ELIGIBILITY_POLICY (JSON) in their place. */
import * as v from 'valibot';
import { DEFAULT_POLICY, PolicySchema } from '../eligibility/policy.ts';

export const EligibilitySchema = v.pipe(
  v.object({
    ELIGIBILITY_POLICY: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          try {
            return JSON.parse(dataset.value) as unknown;
          } catch {
            addIssue({ message: 'must be JSON (see src/server/eligibility/policy.ts)' });
            return NEVER;
          }
        }),
        PolicySchema,
      ),
    ),
  }),
  v.transform((e) => ({ eligibilityPolicy: e.ELIGIBILITY_POLICY ?? DEFAULT_POLICY })),
);
