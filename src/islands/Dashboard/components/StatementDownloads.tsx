import { useState } from 'react';
import { API_BASE, failureMessage, NETWORK_ERROR } from '../../../lib/api/client.ts';
import { type Envelope, isSessionDead } from '../../../lib/api/envelope.ts';
import { HEADERS } from '../../../lib/api/paths.ts';
import { STATEMENT_API } from '../../../lib/statementLines.ts';
import { useCall } from '../../shared/useCall.ts';
import { SessionEnded } from '../state/api.ts';
import { $session, endSession } from '../state/sessionStore.ts';
import { BusyButton } from './BusyButton.tsx';
import form from './Form.module.css';
import styles from './Screen.module.css';
import own from './StatementDownloads.module.css';

type Kind = 'statement' | 'noDues';

const DOCUMENTS: Record<Kind, { path: string; label: string; file: (loanNo: string) => string }> = {
  statement: {
    path: STATEMENT_API.statement,
    label: 'Download statement (PDF)',
    file: (loanNo) => `statement-${loanNo}.pdf`,
  },
  noDues: {
    path: STATEMENT_API.noDuesCertificate,
    label: 'Download no-dues certificate (PDF)',
    file: (loanNo) => `no-dues-${loanNo}.pdf`,
  },
};

/**
 * The PDF, fetched with the session token (a plain link cannot send the Authtoken header); a failure
 * answers the envelope's message, and a dead session ends it as every dashboard call does.
 */
async function fetchPdf(path: string, leadId: number | string): Promise<{ blob: Blob } | { error: string }> {
  const { token, profileId } = $session.get();
  if (!token) {
    endSession();
    throw new SessionEnded();
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.token]: token },
      body: JSON.stringify({ lead_id: leadId, ...(profileId && { profile_id: profileId }) }),
    });
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
      return { blob: await response.blob() };
    }
  } catch {
    return { error: NETWORK_ERROR };
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!envelope || typeof envelope !== 'object' || !('Status' in envelope)) return { error: NETWORK_ERROR };
  if (isSessionDead(envelope)) {
    endSession();
    throw new SessionEnded();
  }
  return { error: failureMessage(envelope) };
}

/** Saves the bytes under the file's name, as a link with `download` would. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next tasks; the address is freed after a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface StatementDownloadsProps {
  detail: { lead_id: number | string; loan_no: string; status: string; loan_status?: string | undefined };
}

/**
 * The loan's documents on its details screen: the statement of account whenever there is a loan, and
 * the no-dues certificate once it is closed.
 */
export function StatementDownloads({ detail }: StatementDownloadsProps) {
  const { busy, run } = useCall<Kind>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  if (!detail.loan_no) return null;
  const closed = (detail.loan_status ?? detail.status) === 'closed';
  const kinds: Kind[] = closed ? ['statement', 'noDues'] : ['statement'];

  const download = (kind: Kind) =>
    run(kind, async () => {
      const wanted = DOCUMENTS[kind];
      setError(null);
      setSaved('');
      try {
        const answer = await fetchPdf(wanted.path, detail.lead_id);
        if ('error' in answer) {
          setError(answer.error);
          return;
        }
        const filename = wanted.file(detail.loan_no);
        save(answer.blob, filename);
        setSaved(`Saved ${filename}.`);
      } catch (thrown) {
        if (thrown instanceof SessionEnded) return;
        setError(NETWORK_ERROR);
      }
    });

  return (
    <section className={styles.panel} aria-labelledby="loan-documents" aria-busy={busy !== null}>
      <h2 id="loan-documents">Statements</h2>
      <p className={form.hint}>
        {closed
          ? 'Your statement of account, and the certificate that nothing is due on this loan.'
          : 'Every payment, interest and charge on this loan, with the balance after each.'}
      </p>
      <div className={own.actions}>
        {kinds.map((kind) => (
          <BusyButton
            key={kind}
            type="button"
            variant="ghost"
            busy={busy === kind}
            disabled={busy !== null}
            busyText="Preparing…"
            onClick={() => download(kind)}
          >
            {DOCUMENTS[kind].label}
          </BusyButton>
        ))}
      </div>
      {error && (
        <p className={own.error} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {saved}
      </p>
    </section>
  );
}
