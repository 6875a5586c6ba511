/**
 * Support's read-only view of a customer (/Api/Staff/customer), found by mobile: name, contact,
 * the PAN masked as the API gives it, their applications and loans, and what they agreed to (issue 24). The mobile is asked in a form,
 * never put in the address (addresses end up in logs).
 */
import { useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate } from '../../../lib/format.ts';
import type { CustomerViewAnswer } from '../../../lib/schemas/answers/staffLoans.ts';
import { ActionForm, TextField } from '../components/ActionForm.tsx';
import { CustomerConsents } from '../components/CustomerConsents.tsx';
import { ConsoleLink, Facts } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useStaffCall } from '../state/useStaffCall.ts';

type Customer = v.InferOutput<typeof CustomerViewAnswer>;

export default function CustomerView(_: StaffScreenProps) {
  const call = useStaffCall();
  const [mobile, setMobile] = useState('');
  const [customer, setCustomer] = useState<Customer | null>(null);

  async function find() {
    if (!/^[6-9]\d{9}$/.test(mobile.trim()))
      return call.setMessage({ text: 'Enter the customer’s 10-digit mobile number.', tone: 'error' });
    setCustomer(null);
    const answer = await call.run<Customer>(STAFF_API.customer, { mobile: mobile.trim() });
    if (answer?.ok && answer.Data) {
      setCustomer(answer.Data);
      call.setMessage(null);
    }
  }

  return (
    <>
      <h1>Customer</h1>
      <section className={styles.card}>
        <ActionForm
          level={2}
          id="find-heading"
          title="Find a customer"
          call={call}
          submit="Find"
          busyText="Finding…"
          onSubmit={find}
        >
          <TextField
            id="customer-mobile"
            label="Mobile number"
            type="tel"
            inputMode="numeric"
            maxLength={10}
            value={mobile}
            onChange={setMobile}
          />
        </ActionForm>
      </section>
      {customer && (
        <section className={styles.card} aria-labelledby="customer-heading">
          <h2 id="customer-heading">{customer.name || 'Name not given'}</h2>
          <Facts
            rows={[
              ['Mobile', customer.mobile],
              ['E-mail', customer.email],
              ['PAN', customer.pancard],
            ]}
          />
          <h3>Applications</h3>
          {customer.applications.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {customer.applications.map((row) => (
                <li key={row.lead_id}>
                  Application {row.lead_id}: {row.status}, applied {formatDate(row.applied_on)}
                </li>
              ))}
            </ul>
          )}
          <h3>Loans</h3>
          {customer.loans.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {customer.loans.map((row) => (
                <li key={row.loan_no}>
                  <ConsoleLink to={`${staffPath('loan')}?loan_no=${row.loan_no}`}>Loan {row.loan_no}</ConsoleLink>:{' '}
                  {row.status}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {customer && <CustomerConsents mobile={customer.mobile} />}
    </>
  );
}
