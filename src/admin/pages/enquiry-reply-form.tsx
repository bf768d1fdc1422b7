import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { EnquiryDetail } from '../../../contract/enquiry-inbox.ts';
import type { EnquiryReplies } from '../../../contract/enquiry-replies.ts';
import { enquiryRepliesCall, replyToEnquiryCall } from '../../../contract/admin-enquiry-calls.ts';
import { adminApi } from '../admin-api.ts';

/*
 * The enquiry page's reply (docs/decisions/0101): the subject prefilled, a saved template chosen
 * from a list fills the body (its placeholders filled for this enquiry), the mail goes through the
 * outbox and the replies sent are listed with who sent them and when.
 */

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

export function ReplyForm({ e, onDone }: { e: EnquiryDetail; onDone: () => void }) {
  const [form, setForm] = useState<EnquiryReplies | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await adminApi(enquiryRepliesCall, { params: { id: e.id } });
    if (!answer.ok) return setError(answer.message);
    setForm(answer.data);
    setSubject((s) => s || answer.data.subject);
  }, [e.id]);
  useEffect(() => {
    void load();
  }, [load]);

  const choose = (id: string) => {
    setTemplateId(id);
    const t = form?.templates.find((x) => String(x.id) === id);
    if (t) setBody(t.filled);
  };
  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    setBusy(true);
    const answer = await adminApi(replyToEnquiryCall, {
      params: { id: e.id },
      body: { subject, body, ...(templateId ? { templateId: Number(templateId) } : {}) },
    });
    setBusy(false);
    if (!answer.ok) {
      setNotice('');
      return setError(answer.message);
    }
    setError('');
    setNotice(answer.message);
    setBody('');
    setTemplateId('');
    await load();
    onDone();
  };

  return (
    <section aria-labelledby="enquiry-reply">
      <h2 id="enquiry-reply">Reply to the traveller</h2>
      {form && !form.to ? <p>This enquiry has no email address: call the traveller instead.</p> : null}
      {form?.to ? (
        <form className="admin-form" onSubmit={(ev) => void submit(ev)} aria-label="Reply by email">
          <p>To: {form.to}</p>
          <label>
            Template
            <select value={templateId} onChange={(ev) => choose(ev.target.value)}>
              <option value="">None: write it yourself</option>
              {form.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <p style={{ margin: 0 }}>
            <Link to={`/admin/enquiry-templates?site=${e.site}`}>Manage templates</Link> of the{' '}
            {e.site === 'IN' ? 'India' : 'UAE'} site
          </p>
          <label>
            Subject
            <input value={subject} onChange={(ev) => setSubject(ev.target.value)} required maxLength={200} />
          </label>
          <label>
            Message
            <textarea value={body} onChange={(ev) => setBody(ev.target.value)} required maxLength={10000} rows={6} />
          </label>
          <button type="submit" disabled={busy}>
            Send reply
          </button>
        </form>
      ) : null}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
      {form?.replies.length ? (
        <>
          <h3>Replies sent</h3>
          <ul>
            {form.replies.map((r) => (
              <li key={r.id}>
                <strong>{r.subject}</strong>{' '}
                <small>
                  ({r.staff ?? 'staff'} to {r.to}, {when(r.at)})
                </small>
                <div className="admin-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.body}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
