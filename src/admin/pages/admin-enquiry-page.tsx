import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_STATUS_LABELS,
  type EnquiryAssignee,
  type EnquiryDetail,
  type EnquiryStatus,
} from '../../../contract/enquiry-inbox.ts';
import { can, type StaffMe } from '../../../contract/staff.ts';
import {
  assignEnquiryCall,
  enquiryAssigneesCall,
  enquiryCall,
  moveEnquiryCall,
  noteEnquiryCall,
  reopenEnquiryCall,
} from '../../../contract/admin-enquiry-calls.ts';
import { adminApi, type AdminAnswer } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable } from '../desk/card-table.tsx';
import { ReplyForm } from './enquiry-reply-form.tsx';
import { QuoteForm } from './enquiry-quote-form.tsx';

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const facts = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '.25rem 1rem' } as const;

/** One action's form: its answer in a status line, its refusal in an alert. */
function useAction(onDone: () => void) {
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<AdminAnswer<unknown>>) => {
    setBusy(true);
    const answer = await send();
    setBusy(false);
    if (!answer.ok) {
      setNotice('');
      setError(answer.message);
      return false;
    }
    setError('');
    setNotice(answer.message);
    onDone();
    return true;
  };
  const messages = (
    <>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
    </>
  );
  return { run, busy, messages };
}

function StatusForm({ e, onDone }: { e: EnquiryDetail; onDone: () => void }) {
  const { run, busy, messages } = useAction(onDone);
  const [to, setTo] = useState<EnquiryStatus | ''>(e.moves[0] ?? '');
  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const bookingRef = String(new FormData(ev.currentTarget).get('bookingRef') ?? '').trim();
    if (!to) return;
    await run(() =>
      adminApi(moveEnquiryCall, {
        params: { id: e.id },
        body: { status: to, ...(to === 'booked' ? { bookingRef } : {}) },
      }),
    );
  };
  return (
    <section aria-labelledby="enquiry-status">
      <h2 id="enquiry-status">Status: {ENQUIRY_STATUS_LABELS[e.status]}</h2>
      {e.moves.length ? (
        <form className="admin-form" onSubmit={(ev) => void submit(ev)} aria-label="Change the status">
          <label>
            New status
            <select name="status" value={to} onChange={(ev) => setTo(ev.target.value as EnquiryStatus)}>
              {e.moves.map((s) => (
                <option key={s} value={s}>
                  {ENQUIRY_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          {to === 'booked' ? (
            <label>
              Booking reference
              <input name="bookingRef" required maxLength={40} autoCapitalize="characters" placeholder="WL-…" />
            </label>
          ) : null}
          <button type="submit" disabled={busy}>
            Change status
          </button>
        </form>
      ) : null}
      {e.reopenable ? (
        <p>
          {ENQUIRY_STATUS_LABELS[e.status]} is final.{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => adminApi(reopenEnquiryCall, { params: { id: e.id } }))}
          >
            Reopen
          </button>
        </p>
      ) : null}
      {messages}
    </section>
  );
}

function AssignForm({ e, me, onDone }: { e: EnquiryDetail; me: StaffMe; onDone: () => void }) {
  const { run, busy, messages } = useAction(onDone);
  const [people, setPeople] = useState<EnquiryAssignee[]>([]);
  useEffect(() => {
    let live = true;
    void adminApi(enquiryAssigneesCall).then((a) => {
      if (live && a.ok) setPeople(a.data.items);
    });
    return () => {
      live = false;
    };
  }, []);
  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const v = String(new FormData(ev.currentTarget).get('staffId') ?? '');
    await run(() => adminApi(assignEnquiryCall, { params: { id: e.id }, body: { staffId: v ? Number(v) : null } }));
  };
  return (
    <section aria-labelledby="enquiry-assign">
      <h2 id="enquiry-assign">Assigned to: {e.assignee?.email ?? 'no one'}</h2>
      <form
        className="admin-form admin-inline"
        onSubmit={(ev) => void submit(ev)}
        aria-label="Assign the enquiry"
        key={e.assignee?.id ?? 0}
      >
        <label style={{ minWidth: 0 }}>
          Assign to
          <select
            name="staffId"
            defaultValue={e.assignee ? String(e.assignee.id) : ''}
            style={{ width: '100%', minWidth: 0 }}
          >
            <option value="">No one</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id === me.id ? 'Me' : `${p.email} (${p.role})`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>
          Assign
        </button>
      </form>
      {messages}
    </section>
  );
}

function NotesForm({ e, onDone }: { e: EnquiryDetail; onDone: () => void }) {
  const { run, busy, messages } = useAction(onDone);
  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const form = ev.currentTarget;
    const body = String(new FormData(form).get('body') ?? '');
    if (await run(() => adminApi(noteEnquiryCall, { params: { id: e.id }, body: { body } }))) form.reset();
  };
  return (
    <form className="admin-form" onSubmit={(ev) => void submit(ev)}>
      <label>
        Internal note (never shown to the traveller)
        <textarea name="body" required maxLength={4000} rows={3} />
      </label>
      <button type="submit" disabled={busy}>
        Add note
      </button>
      {messages}
    </form>
  );
}

function EnquiryView({ me, id }: { me: StaffMe; id: string }) {
  const [e, setE] = useState<EnquiryDetail | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const answer = await adminApi(enquiryCall, { params: { id: Number(id) } });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setE(answer.data);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = () => void load();

  if (!e)
    return error ? (
      <p role="alert" className="admin-error">
        {error}
      </p>
    ) : (
      <p role="status">Loading the enquiry…</p>
    );
  return (
    <>
      <p>
        <Link to="/admin/enquiries">Back to the inbox</Link>
      </p>
      <dl className="admin-facts" style={facts}>
        <dt>From</dt>
        <dd style={{ margin: 0 }}>{e.name}</dd>
        <dt>Kind</dt>
        <dd style={{ margin: 0 }}>
          {ENQUIRY_KIND_LABELS[e.kind]}, {e.site === 'IN' ? 'India' : 'UAE'} site
        </dd>
        <dt>Received</dt>
        <dd style={{ margin: 0 }}>{when(e.createdAt)} (UTC)</dd>
        {e.bookingRef ? (
          <>
            <dt>Booking</dt>
            <dd style={{ margin: 0 }}>
              {can(me.role, 'bookings.read') ? (
                <Link to={`/admin/bookings/${e.bookingRef}`}>{e.bookingRef}</Link>
              ) : (
                e.bookingRef
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {e.callLink || e.mailLink ? (
        <p className="admin-break">
          {e.callLink ? <a href={e.callLink}>Call {e.phone}</a> : null}
          {e.callLink && e.mailLink ? ' · ' : null}
          {e.mailLink ? <a href={e.mailLink}>Write to {e.email}</a> : null}
        </p>
      ) : null}

      <StatusForm key={`${e.status}-${e.updatedAt}`} e={e} onDone={reload} />
      <AssignForm e={e} me={me} onDone={reload} />
      <ReplyForm e={e} onDone={reload} />
      <QuoteForm e={e} onDone={reload} />

      <h2>What they sent</h2>
      <dl className="admin-facts" style={facts}>
        {e.fields.map((f, i) => (
          <Fragment key={`${f.label}-${i}`}>
            <dt>{f.label}</dt>
            <dd className="admin-break" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {f.value}
            </dd>
          </Fragment>
        ))}
      </dl>
      {e.attachment ? (
        <p>
          <a href={e.attachment.url} download={e.attachment.name}>
            Open the attached file {e.attachment.name}
          </a>{' '}
          ({size(e.attachment.size)}; opening it is recorded in the audit log)
        </p>
      ) : null}

      <h2>Internal notes</h2>
      {e.notes.length ? (
        <ul>
          {e.notes.map((n) => (
            <li key={n.id}>
              <span className="admin-break" style={{ whiteSpace: 'pre-wrap' }}>
                {n.body}
              </span>{' '}
              <small>
                ({n.staff ?? 'staff'}, {when(n.at)})
              </small>
            </li>
          ))}
        </ul>
      ) : (
        <p>No notes yet.</p>
      )}
      <NotesForm e={e} onDone={reload} />

      <h2>History</h2>
      <CardTable
        label="History of the enquiry"
        caption="History, oldest first"
        columns={[
          { label: 'When', cell: (h) => when(h.at) },
          { label: 'What', cell: (h) => h.text },
          { label: 'Who', cell: (h) => h.who ?? '' },
        ]}
        items={e.history}
        rowKey={(h, i) => `${h.at}-${i}`}
      />
    </>
  );
}

export default function AdminEnquiryPage() {
  const { id = '' } = useParams();
  return (
    <>
      <title>{`Enquiry ${id} · Back office`}</title>
      <h1>Enquiry {id}</h1>
      <RequireStaff action="enquiries.work">{(me) => <EnquiryView me={me} id={id} />}</RequireStaff>
    </>
  );
}
