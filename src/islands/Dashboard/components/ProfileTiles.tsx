import { formatDate } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import { GENDERS, INCOME_TYPES, labelOf, MARITAL_STATUSES, RESIDENCE_TYPES, SALARY_MODES } from '../state/lookups.ts';
import type { ProfileDetails } from '../state/profile.ts';
import styles from './Cards.module.css';

const NOT_GIVEN = 'Not given yet';

function Pairs({ rows }: { rows: [string, string][] }) {
  return (
    <dl className={styles.pairs}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value || NOT_GIVEN}</dd>
        </div>
      ))}
    </dl>
  );
}

const date = (value: string) => (value ? formatDate(value) : '');

/** The profile as read-only tiles: Basic Details, Residence Address, Income Details (product.md §2). */
export function ProfileTiles({ details }: { details: ProfileDetails }) {
  const married = details.marital_status_id === 2;
  return (
    <div className={styles.tiles}>
      <section className={styles.tile} aria-labelledby="tile-basic">
        <h2 id="tile-basic">Basic Details</h2>
        <Pairs
          rows={[
            ['Full name', details.full_name],
            ['PAN', details.pancard],
            ['Date of birth', date(details.dob)],
            ['Gender', labelOf(GENDERS, details.gender)],
            ['Marital status', labelOf(MARITAL_STATUSES, details.marital_status_id)],
            ...(married ? ([['Spouse name', details.spouse_name]] as [string, string][]) : []),
            ['Personal e-mail', details.personal_email],
            ['Mobile', details.mobile],
          ]}
        />
      </section>
      <section className={styles.tile} aria-labelledby="tile-residence">
        <h2 id="tile-residence">Residence Address</h2>
        <Pairs
          rows={[
            ['Residence type', labelOf(RESIDENCE_TYPES, details.residence_type_id)],
            ['Address line 1', details.residence_address_1],
            ['Address line 2', details.residence_address_2],
            ['Landmark', details.residence_landmark],
            ['Pin code', details.residence_pincode],
            ['City', details.residence_city],
            ['State', details.residence_state],
          ]}
        />
      </section>
      <section className={styles.tile} aria-labelledby="tile-income">
        <h2 id="tile-income">Income Details</h2>
        <Pairs
          rows={[
            ['Employment type', labelOf(INCOME_TYPES, details.income_type_id)],
            ['Monthly income', details.monthly_income === null ? '' : formatRupees(details.monthly_income)],
            ['Last salary date', date(details.salary_date)],
            ['Salary mode', labelOf(SALARY_MODES, details.salary_mode_id)],
          ]}
        />
      </section>
    </div>
  );
}
