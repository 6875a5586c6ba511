/** Admin: every staff member, adding one, changing their roles, disabling and enabling them. */
import { type FormEvent, useEffect, useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { StaffListAnswer } from '../../../lib/schemas/answers/staff.ts';
import { BusyButton, CallNotice } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import type { StaffRole } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { useStaffCall } from '../state/useStaffCall.ts';

const ROLES: readonly StaffRole[] = ['credit', 'finance', 'collections', 'support', 'admin'];

type StaffList = v.InferOutput<typeof StaffListAnswer>;
type Member = StaffList['staff'][number];

function RoleChoices({
  legend,
  idPrefix,
  roles,
  onChange,
}: {
  legend: string;
  idPrefix: string;
  roles: string[];
  onChange: (roles: string[]) => void;
}) {
  return (
    <fieldset className={styles.field}>
      <legend>{legend}</legend>
      <div className={styles.checks}>
        {ROLES.map((role) => (
          <label key={role} htmlFor={`${idPrefix}-${role}`}>
            <input
              id={`${idPrefix}-${role}`}
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(event) =>
                onChange(event.target.checked ? [...roles, role] : roles.filter((held) => held !== role))
              }
            />
            {role}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function MemberCard({ member, done }: { member: Member; done: () => void }) {
  const roleCall = useStaffCall();
  const stateCall = useStaffCall();
  const [roles, setRoles] = useState(member.roles);
  const held = member.roles.join();
  useEffect(() => setRoles(held ? held.split(',') : []), [held]);
  const prefix = `roles-${member.staff_id}`;

  async function saveRoles(event: FormEvent) {
    event.preventDefault();
    const answer = await roleCall.run(STAFF_API.updateStaff, { staff_id: member.staff_id, roles });
    if (answer?.ok) done();
  }
  async function toggle() {
    const answer = await stateCall.run(STAFF_API.updateStaff, {
      staff_id: member.staff_id,
      disabled: !member.disabled,
    });
    if (answer?.ok) done();
  }

  return (
    <li className={styles.card}>
      <h3>
        {member.name}
        {member.disabled ? ' (disabled)' : ''}
      </h3>
      <p>
        {member.email}
        {member.mobile ? `, ${member.mobile}` : ''}. Roles: {member.roles.join(', ')}.
      </p>
      <form className={styles.form} onSubmit={saveRoles}>
        <RoleChoices legend={`Roles of ${member.name}`} idPrefix={prefix} roles={roles} onChange={setRoles} />
        <CallNotice message={roleCall.message} />
        <div className={styles.actions}>
          <BusyButton busy={roleCall.busy} busyText="Saving…" ghost>
            Save roles of {member.name}
          </BusyButton>
        </div>
      </form>
      <CallNotice message={stateCall.message} />
      <BusyButton type="button" busy={stateCall.busy} busyText="Saving…" ghost onClick={() => void toggle()}>
        {member.disabled ? 'Enable' : 'Disable'} {member.name}
      </BusyButton>
    </li>
  );
}

function AddStaff({ done }: { done: () => void }) {
  const { busy, message, run } = useStaffCall();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await run(STAFF_API.addStaff, { email, name, mobile, roles, password });
    if (answer?.ok) {
      setEmail('');
      setName('');
      setMobile('');
      setPassword('');
      setRoles([]);
      done();
    }
  }

  return (
    <section className={styles.card} aria-labelledby="add-staff-heading">
      <h2 id="add-staff-heading">Add a staff member</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="add-email">E-mail</label>
            <input
              id="add-email"
              className={styles.input}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="add-name">Name</label>
            <input
              id="add-name"
              className={styles.input}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="add-mobile">Mobile</label>
            <input
              id="add-mobile"
              className={styles.input}
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={mobile}
              onChange={(event) => setMobile(event.target.value.replace(/\D/g, ''))}
            />
          </div>
        </div>
        <RoleChoices legend="Roles" idPrefix="add-role" roles={roles} onChange={setRoles} />
        <div className={styles.field}>
          <label htmlFor="add-password">First password</label>
          <input
            id="add-password"
            className={styles.input}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby="add-password-hint"
          />
          <span id="add-password-hint" className={styles.hint}>
            At least 12 characters. Give it to them in person; they also need their e-mail for the sign-in code.
          </span>
        </div>
        <CallNotice message={message} />
        <div>
          <BusyButton busy={busy} busyText="Adding…">
            Add staff member
          </BusyButton>
        </div>
      </form>
    </section>
  );
}

export default function StaffAdmin(_: StaffScreenProps) {
  const { data, loading, failure, reload } = useLoad<StaffList>(STAFF_API.staffList);
  const refresh = () => void reload();
  return (
    <>
      <h1>Staff members</h1>
      <p role="status">{loading ? 'Loading the staff…' : data ? `${formatNumber(data.count)} staff members.` : ''}</p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <AddStaff done={refresh} />
      {data && (
        <ul className={styles.plainList}>
          {data.staff.map((member) => (
            <MemberCard key={member.staff_id} member={member} done={refresh} />
          ))}
        </ul>
      )}
    </>
  );
}
