/** Staff sign-in: e-mail and password, then the six-digit code e-mailed to the member. */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import type { StaffLoginAnswer, StaffVerifyAnswer } from '../../../lib/schemas/answers/staff.ts';
import { BusyButton, CallNotice } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import styles from '../Staff.module.css';
import { SESSION_ENDED_MESSAGE, takeSessionEnded } from '../state/session.ts';
import { useStaffCall } from '../state/useStaffCall.ts';

export default function StaffSignIn({ signedIn }: StaffScreenProps) {
  const { busy, message, setMessage, run } = useStaffCall();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (takeSessionEnded()) setMessage({ text: SESSION_ENDED_MESSAGE, tone: 'error' });
  }, [setMessage]);

  useEffect(() => {
    if (challenge) codeField.current?.focus();
  }, [challenge]);

  async function sendPassword(event: FormEvent) {
    event.preventDefault();
    const answer = await run<v.InferOutput<typeof StaffLoginAnswer>>(STAFF_API.login, { email, password });
    if (answer?.ok && answer.Data) {
      setChallenge(answer.Data.challenge_id);
      setPassword('');
    }
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const answer = await run<v.InferOutput<typeof StaffVerifyAnswer>>(STAFF_API.verify, {
      challenge_id: challenge,
      code: code.trim(),
    });
    if (answer?.ok && answer.Data) {
      signedIn({ token: answer.Data.staff_token, roles: answer.Data.roles, name: answer.Data.name });
    } else if (answer?.error && answer.Message.includes('sign in again')) {
      setChallenge(null);
      setCode('');
    }
  }

  return (
    <section className={`${styles.card} ${styles.narrow}`}>
      <h1>Staff sign-in</h1>
      <CallNotice message={message} />
      {challenge ? (
        <form className={styles.form} onSubmit={sendCode} noValidate>
          <p>We have e-mailed a 6-digit sign-in code to {email}.</p>
          <div className={styles.field}>
            <label htmlFor="staff-code">Sign-in code</label>
            <input
              id="staff-code"
              ref={codeField}
              className={styles.input}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </div>
          <div className={styles.actions}>
            <BusyButton busy={busy} busyText="Checking…">
              Sign in
            </BusyButton>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setChallenge(null);
                setCode('');
                setMessage(null);
                requestAnimationFrame(() => emailField.current?.focus());
              }}
            >
              Start again
            </button>
          </div>
        </form>
      ) : (
        <form className={styles.form} onSubmit={sendPassword} noValidate>
          <div className={styles.field}>
            <label htmlFor="staff-email">E-mail</label>
            <input
              id="staff-email"
              ref={emailField}
              className={styles.input}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="staff-password">Password</label>
            <input
              id="staff-password"
              className={styles.input}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <BusyButton busy={busy} busyText="Checking…">
            Continue
          </BusyButton>
        </form>
      )}
    </section>
  );
}
