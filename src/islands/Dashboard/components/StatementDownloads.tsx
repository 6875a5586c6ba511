import { STATEMENT_API } from '../../../lib/statementLines.ts';
import { $session } from '../state/sessionStore.ts';
import { PdfDownloads } from './PdfDownloads.tsx';

export interface StatementDownloadsProps {
  detail: { lead_id: number | string; loan_no: string; status: string; loan_status?: string | undefined };
}

/**
 * The loan's documents on its details screen: the statement of account whenever there is a loan, and
 * the no-dues certificate once it is closed.
 */
export function StatementDownloads({ detail }: StatementDownloadsProps) {
  if (!detail.loan_no) return null;
  const closed = (detail.loan_status ?? detail.status) === 'closed';
  const { profileId } = $session.get();
  const body = { lead_id: detail.lead_id, ...(profileId && { profile_id: profileId }) };
  const statement = {
    key: 'statement',
    label: 'Download statement (PDF)',
    path: STATEMENT_API.statement,
    body,
    filename: `statement-${detail.loan_no}.pdf`,
  };
  const noDues = {
    key: 'noDues',
    label: 'Download no-dues certificate (PDF)',
    path: STATEMENT_API.noDuesCertificate,
    body,
    filename: `no-dues-${detail.loan_no}.pdf`,
  };
  return (
    <PdfDownloads
      id="loan-documents"
      title="Statements"
      hint={
        closed
          ? 'Your statement of account, and the certificate that nothing is due on this loan.'
          : 'Every payment, interest and charge on this loan, with the balance after each.'
      }
      documents={closed ? [statement, noDues] : [statement]}
    />
  );
}
