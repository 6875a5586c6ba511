import { maskedForm } from '../../../lib/aadhaar.ts';
import styles from './MaskedAadhaar.module.css';

/** UIDAI's page where a resident downloads their own e-Aadhaar, masked if they choose. */
const MY_AADHAAR = 'https://myaadhaar.uidai.gov.in/';
/** The last four digits the picture shows: an example, no one's number. */
export const EXAMPLE_MASKED = maskedForm('1234');

/**
 * What a masked Aadhaar is and where the customer gets their own (KYC rules: only the last four
 * digits of an Aadhaar number may be kept; decisions.md "Aadhaar, masked"), with a drawn example.
 */
export function MaskedAadhaar({ headingId }: { headingId: string }) {
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Upload your masked Aadhaar
      </h2>
      <div className={styles.layout}>
        <div>
          <p>
            A masked Aadhaar hides the first 8 digits of the number and shows only the last 4, as{' '}
            <strong>{EXAMPLE_MASKED}</strong>. We may keep only those 4 digits, so please upload nothing else.
          </p>
          <ol className={styles.steps}>
            <li>
              On{' '}
              <a href={MY_AADHAAR} target="_blank" rel="noopener noreferrer">
                myAadhaar, UIDAI's site (opens in a new tab)
              </a>
              , choose <strong>Download Aadhaar</strong> and tick <strong>masked Aadhaar</strong>.
            </li>
            <li>
              Open the PDF. Its password is the first 4 letters of your name in capitals and your year of birth (for
              example RAVI1990).
            </li>
            <li>Upload a screenshot or photo of its front and back below.</li>
          </ol>
        </div>
        <AadhaarPicture />
      </div>
    </section>
  );
}

/** A drawn masked Aadhaar: shapes and placeholder words only, no real person's details. */
function AadhaarPicture() {
  return (
    <svg
      className={styles.picture}
      viewBox="0 0 240 150"
      role="img"
      aria-labelledby="masked-aadhaar-title"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id="masked-aadhaar-title">{`Example of a masked Aadhaar: the number reads ${EXAMPLE_MASKED}`}</title>
      <rect x="1" y="1" width="238" height="148" rx="10" fill="#fff" stroke="#5b6472" strokeWidth="2" />
      <rect x="1" y="1" width="238" height="24" rx="10" fill="#f3a447" />
      <rect x="1" y="16" width="238" height="9" fill="#f3a447" />
      <text x="120" y="18" textAnchor="middle" fontSize="11" fontWeight="700" fill="#1f2933">
        Masked Aadhaar (example)
      </text>
      <rect x="14" y="36" width="46" height="56" rx="4" fill="#d9dee5" />
      <circle cx="37" cy="55" r="11" fill="#a7b0bd" />
      <path d="M20 90c2-14 10-20 17-20s15 6 17 20z" fill="#a7b0bd" />
      <text x="72" y="48" fontSize="10" fill="#1f2933">
        Name: Your Name
      </text>
      <text x="72" y="64" fontSize="10" fill="#1f2933">
        Year of birth: YYYY
      </text>
      <text x="72" y="80" fontSize="10" fill="#1f2933">
        Gender: —
      </text>
      <rect x="14" y="104" width="212" height="32" rx="4" fill="#fff4e5" stroke="#b45309" strokeDasharray="4 3" />
      <text x="120" y="126" textAnchor="middle" fontSize="17" fontWeight="700" letterSpacing="1" fill="#1f2933">
        {EXAMPLE_MASKED}
      </text>
    </svg>
  );
}
