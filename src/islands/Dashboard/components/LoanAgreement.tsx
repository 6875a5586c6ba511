import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type * as v from 'valibot';
import {
  AGREEMENT_API,
  AGREEMENT_STATE_LABELS,
  AGREEMENT_TITLE,
  agreementFileName,
  NO_AGREEMENT,
} from '../../../lib/agreement.ts';
import { failureMessage, thrownMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { LANGUAGE_NAMES } from '../../../lib/documentText/languages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { AgreementAnswer, SigningStartedAnswer } from '../../../lib/schemas/answers/agreement.ts';
import { dashboardCall, SessionEnded } from '../state/api.ts';
import { $documentLanguage } from '../state/documentLanguage.ts';
import { type Loaded, useLoaded } from '../state/useLoaded.ts';
import { BusyButton } from './BusyButton.tsx';
import { FactTable } from './FactTable.tsx';
import form from './Form.module.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { PdfDownloads } from './PdfDownloads.tsx';
import styles from './Screen.module.css';
import own from './StatementDownloads.module.css';

type Agreement = v.InferOutput<typeof AgreementAnswer>;

/** Where the agreement stands; null while there is nothing to sign (the statement not yet accepted). */
async function loadAgreement(leadId: string): Promise<Loaded<Agreement | null>> {
  const envelope = await dashboardCall<Agreement>(AGREEMENT_API.status, { lead_id: leadId });
  if (envelope.Status === STATUS.ok) return { data: envelope.Data };
  const message = failureMessage(envelope);
  return message === NO_AGREEMENT ? { data: null } : { error: message };
}

const DECIDED: Record<string, string> = { signed: 'Signed on', declined: 'Declined on', expired: 'Expired on' };

const NEXT: Record<Agreement['status'], string> = {
  unsigned:
    'Read the agreement, then sign it with your Aadhaar (an OTP to the mobile linked to it). Your loan is paid out once it is signed.',
  pending: 'You have not finished signing. Sign again to open the e-sign page once more.',
  signed: 'Your loan agreement is signed. Keep the signed copy: it is yours to download at any time.',
  declined: 'You declined to sign. Your loan cannot be paid out until the agreement is signed; you may sign it now.',
  expired: 'The signing request expired before it was signed. You may sign it now.',
};

/**
 * The loan agreement of an application (issue 24): where it stands, "Sign the loan agreement" once the
 * Key Fact Statement is accepted (the e-sign provider's page opens; it sends the customer back here),
 * and the agreement as a PDF, signed or not. Nothing is shown before there is an agreement to sign.
 * It is drawn, sent to sign and downloaded in the language chosen (English or Hindi, the choice the
 * Key Fact Statement's screen shares); a signed one stays in the language it was signed in.
 */
export function LoanAgreement({ leadId }: { leadId: string }) {
  const { data, loading, error, retry } = useLoaded(() => loadAgreement(leadId));
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const lang = useStore($documentLanguage);
  if (data === null && !error) return null;

  const sign = async () => {
    setSigning(true);
    setSignError(null);
    try {
      const envelope = await dashboardCall<v.InferOutput<typeof SigningStartedAnswer>>(AGREEMENT_API.sign, {
        lead_id: leadId,
        lang,
      });
      if (envelope.Status !== STATUS.ok) {
        setSignError(failureMessage(envelope));
        setSigning(false);
        return;
      }
      // The provider's page; it sends the customer back to this screen.
      window.location.assign(envelope.Data.redirect_url);
    } catch (failure) {
      if (failure instanceof SessionEnded) return;
      setSignError(thrownMessage(failure));
      setSigning(false);
    }
  };

  return (
    <>
      <section className={styles.panel} aria-labelledby="loan-agreement" aria-busy={loading}>
        <h2 id="loan-agreement">{AGREEMENT_TITLE}</h2>
        {error && (
          <>
            <p className={own.error} role="alert">
              {error}
            </p>
            <button type="button" className="button button--ghost" onClick={() => void retry()}>
              Try again
            </button>
          </>
        )}
        {data && (
          <>
            <FactTable
              caption={AGREEMENT_TITLE}
              rows={[
                ['Agreement number', data.agreement_no],
                ['On Key Fact Statement', data.kfs_no],
                ['Status', AGREEMENT_STATE_LABELS[data.status]],
                ...(data.status === 'signed' ? [['Signed in', LANGUAGE_NAMES[data.language]] as const] : []),
                ...(data.decided_at && DECIDED[data.status]
                  ? [[DECIDED[data.status] as string, formatDateTime(data.decided_at)] as const]
                  : []),
              ]}
            />
            <p className={form.hint}>{NEXT[data.status]}</p>
            {data.status !== 'signed' && <LanguageSwitch />}
            {data.can_sign && (
              <div className={own.actions}>
                <BusyButton
                  type="button"
                  busy={signing}
                  busyText="Opening the e-sign page…"
                  onClick={() => void sign()}
                >
                  Sign the loan agreement
                </BusyButton>
              </div>
            )}
            {signError && (
              <p className={own.error} role="alert">
                {signError}
              </p>
            )}
          </>
        )}
      </section>
      {data && (
        <PdfDownloads
          id="loan-agreement-download"
          title="Your loan agreement as a PDF"
          hint={
            data.status === 'signed'
              ? 'The signed agreement, with its electronic signature; the Key Fact Statement is its annex.'
              : 'The agreement as you are asked to sign it; the Key Fact Statement is its annex.'
          }
          documents={[
            {
              key: 'agreement',
              label: data.status === 'signed' ? 'Download the signed agreement' : 'Download the agreement',
              path: AGREEMENT_API.download,
              body: { lead_id: leadId, lang },
              filename: agreementFileName(data.agreement_no, data.status === 'signed'),
            },
          ]}
        />
      )}
    </>
  );
}
