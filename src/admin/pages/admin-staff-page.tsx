import { useState, type FormEvent } from 'react';
import type { AdminCallData } from '../../../contract/admin-api.ts';
import { can, STAFF_ROLES, type StaffMe, type StaffMember } from '../../../contract/staff.ts';
import {
  changeStaffRoleCall,
  disableStaffCall,
  enableStaffCall,
  inviteStaffCall,
  listStaffCall,
  resetStaffSignInCall,
} from '../../../contract/admin-staff-calls.ts';
import { adminApi, type AdminAnswer } from '../admin-api.ts';
import { useAdminData } from '../admin-data.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';

function StaffManagement({ me }: { me: StaffMe }) {
  const list = useAdminData<AdminCallData<typeof listStaffCall>>(listStaffCall.path);
  const items = list.data?.items ?? [];
  const reload = list.reload;
  const [message, setMessage] = useState('');
  const [actionError, setError] = useState('');
  const error = actionError || list.error;
  const [link, setLink] = useState<string | null>(null);

  /** Shows a change's answer and reloads the list; answers the answer when it succeeded. */
  const settle = async <T,>(sent: Promise<AdminAnswer<T>>) => {
    setError('');
    setMessage('');
    const answer = await sent;
    if (!answer.ok) return setError(answer.message);
    setMessage(answer.message);
    await reload();
    return answer;
  };

  const invite = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setLink(null);
    const answer = await settle(
      adminApi(inviteStaffCall, { body: { email: String(form.get('email')), role: String(form.get('role')) } }),
    );
    if (answer) {
      setLink(answer.data.setupUrl);
      formEl.reset();
    }
  };

  // A new set-up link: the member's password, authenticator and sessions end at once.
  const resetSignIn = async (m: StaffMember) => {
    if (
      !window.confirm(
        `Reset the sign-in of ${m.email}? Their password and authenticator stop working and they are signed out everywhere until they use the new set-up link.`,
      )
    )
      return;
    setLink(null);
    const answer = await settle(adminApi(resetStaffSignInCall, { params: { id: m.id } }));
    if (answer) setLink(answer.data.setupUrl);
  };

  // A table on a wide screen, a card per member under 600 px (docs/decisions/0104).
  const columns: CardColumn<StaffMember>[] = [
    { label: 'Email', cell: (m) => <span className="admin-break">{m.email}</span> },
    {
      label: 'Role',
      cell: (m) =>
        can(me.role, 'staff.role') && m.id !== me.id ? (
          <select
            aria-label={`Role of ${m.email}`}
            value={m.role}
            onChange={(e) =>
              void settle(adminApi(changeStaffRoleCall, { params: { id: m.id }, body: { role: e.target.value } }))
            }
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        ) : (
          m.role
        ),
    },
    { label: 'State', cell: (m) => (!m.enabled ? 'disabled' : m.ready ? 'active' : 'invited') },
    {
      label: 'Actions',
      cell: (m) =>
        m.id === me.id ? (
          'you'
        ) : m.enabled ? (
          can(me.role, 'staff.disable') ? (
            <span className="desk-row-actions">
              <button type="button" onClick={() => void settle(adminApi(disableStaffCall, { params: { id: m.id } }))}>
                Disable {m.email}
              </button>
              <button type="button" onClick={() => void resetSignIn(m)}>
                Reset sign-in of {m.email}
              </button>
            </span>
          ) : null
        ) : can(me.role, 'staff.enable') ? (
          <button type="button" onClick={() => void settle(adminApi(enableStaffCall, { params: { id: m.id } }))}>
            Enable {m.email}
          </button>
        ) : null,
    },
  ];

  return (
    <>
      {can(me.role, 'staff.invite') ? (
        <form className="admin-form admin-inline" onSubmit={(e) => void invite(e)} aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite a staff member</h2>
          <label>
            Email
            <input name="email" type="email" required />
          </label>
          <label>
            Role
            <select name="role" defaultValue="agent">
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Send invitation</button>
        </form>
      ) : null}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{message}</p>
      {link ? (
        <p>
          Set-up link (valid 24 hours, works once): <code className="admin-break">{link}</code>
        </p>
      ) : null}
      <CardTable caption="Staff" label="Staff" columns={columns} items={items} rowKey={(m) => m.id} />
    </>
  );
}

export default function AdminStaffPage() {
  return (
    <>
      <title>Staff · Back office</title>
      <h1>Staff</h1>
      <RequireStaff action="staff.list">{(me) => <StaffManagement me={me} />}</RequireStaff>
    </>
  );
}
