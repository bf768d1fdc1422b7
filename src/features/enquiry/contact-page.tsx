import { useId, useState, type FormEvent } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_NOT_ALLOWED,
  ATTACHMENT_TOO_LARGE,
  ENQUIRY_TYPES,
  MAX_ATTACHMENT_BYTES,
  validateContact,
  type ContactParams,
} from '../../../contract/enquiry.ts';
import { submitContactUs } from '../../../contract/enquiry-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { PhoneField } from '../../components/phone-input.tsx';
import { Seo } from '../../components/seo.tsx';
import { NetworkError } from '../../lib/api-client.ts';
import { openQueryModal } from './open-query-modal.ts';
import { OFFLINE_WITH_FILE, isOffline, outcomeOf, submitEnquiry, uploadEnquiry, type Outcome } from './send.ts';
import './enquiry.css';

const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png|webp|docx?)$/i;

/** A quick look before uploading; the server decides by the file's bytes. */
export function attachmentProblem(file: File | null): string | null {
  if (!file) return null;
  if (file.size > MAX_ATTACHMENT_BYTES) return ATTACHMENT_TOO_LARGE;
  if (!ALLOWED_EXTENSIONS.test(file.name)) return ATTACHMENT_NOT_ALLOWED;
  return null;
}

const EMPTY = { FirstName: '', LastName: '', Email: '', EnquiryType: '', Message: '' };

type Field = 'first' | 'email' | 'phone' | 'type' | 'message' | 'file';

/** Which field a message is about, so it can be marked and focused. */
export function fieldOfProblem(message: string): Field | null {
  if (/file|attachment/i.test(message)) return 'file';
  if (/first name/.test(message)) return 'first';
  if (/email/i.test(message)) return 'email';
  if (/phone/i.test(message)) return 'phone';
  if (/enquiry is about/.test(message)) return 'type';
  if (/message/i.test(message)) return 'message';
  return null;
}

export default function ContactPage() {
  const { site } = useSite();
  const ids = {
    first: useId(),
    last: useId(),
    email: useId(),
    phone: useId(),
    type: useId(),
    message: useId(),
    file: useId(),
    fileHint: useId(),
  };
  const [form, setForm] = useState(EMPTY);
  const [phone, setPhone] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState('');
  const [result, setResult] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));
  const fail = (message: string) => {
    setError(message);
    setResult(null);
    const field = fieldOfProblem(message);
    if (field) document.getElementById(ids[field])?.focus();
  };
  const invalid = (field: Field) => (error && fieldOfProblem(error) === field ? true : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const params: ContactParams = {
      FirstName: form.FirstName.trim(),
      LastName: form.LastName.trim(),
      Email: form.Email.trim(),
      PhoneNumber: phone ?? '',
      EnquiryType: form.EnquiryType,
      Message: form.Message.trim(),
      File: file?.name ?? '',
      Url: location.href,
    };
    const problem = validateContact(params) ?? attachmentProblem(file);
    if (problem) return fail(problem);
    if (file && isOffline()) return fail(OFFLINE_WITH_FILE);
    setError('');
    setResult(null);
    setBusy(true);
    try {
      let outcome: Outcome;
      if (file) {
        // Fields first, the file last: the server reads them in order. XMLHttpRequest reports upload progress.
        const body = new FormData();
        for (const [k, v] of Object.entries(params)) body.append(k, v);
        body.append('File', file, file.name);
        setProgress(0);
        outcome = outcomeOf(
          await uploadEnquiry(submitContactUs, {}, body, site, (f) => setProgress(Math.round(f * 100))),
          site,
          'contact',
        );
      } else {
        outcome = await submitEnquiry(submitContactUs, params, site, 'contact');
      }
      if (outcome.kind === 'refused') return fail(outcome.message);
      setResult(outcome);
      setForm(EMPTY);
      setPhone(undefined);
      setFile(null);
      setFileKey((k) => k + 1);
    } catch (err) {
      fail(
        err instanceof NetworkError && file
          ? 'The upload stopped: check your connection and try again.'
          : 'Something went wrong. Please try again later.',
      );
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <div className="contact-page section">
      <Seo
        title="Contact us"
        description={`Questions about a holiday, a booking or a visa? Write to Wanderlust Holidays${site === 'IN' ? ' India' : ' UAE'} or ask for a call back — we reply within one working day.`}
      />
      <h1>Contact us</h1>
      <p className="contact-intro">
        Questions about a holiday, an existing booking or travel documents? Send us a message — you can attach a
        document — or ask for a call back.
      </p>
      <ul className="contact-ways">
        <li>
          <strong>Prefer to talk?</strong>
          <button type="button" className="button" onClick={openQueryModal}>
            Get a call back
          </button>
        </li>
        <li>
          <strong>Our hours</strong>
          9am–8pm, seven days a week ({site === 'IN' ? 'India' : 'UAE'} time)
        </li>
        <li>
          <strong>Replies</strong>
          Within one working day, usually much sooner
        </li>
      </ul>
      <form className="enq-form contact-card" method="post" onSubmit={submit} noValidate aria-label="Contact form">
        <div className="enq-row">
          <div className="enq-field">
            <label htmlFor={ids.first}>First name</label>
            <input
              id={ids.first}
              autoComplete="given-name"
              value={form.FirstName}
              onChange={(e) => set({ FirstName: e.target.value })}
              aria-required="true"
              aria-invalid={invalid('first')}
              maxLength={60}
            />
          </div>
          <div className="enq-field">
            <label htmlFor={ids.last}>
              Last name <span className="enq-optional">(optional)</span>
            </label>
            <input
              id={ids.last}
              autoComplete="family-name"
              value={form.LastName}
              onChange={(e) => set({ LastName: e.target.value })}
              maxLength={60}
            />
          </div>
        </div>
        <div className="enq-row">
          <div className="enq-field">
            <label htmlFor={ids.email}>Email</label>
            <input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={form.Email}
              onChange={(e) => set({ Email: e.target.value })}
              aria-required="true"
              aria-invalid={invalid('email')}
              maxLength={254}
            />
          </div>
          <div className="enq-field">
            <label htmlFor={ids.phone}>Phone number</label>
            <PhoneField id={ids.phone} value={phone} onChange={setPhone} required invalid={invalid('phone')} />
          </div>
        </div>
        <div className="enq-field">
          <label htmlFor={ids.type}>Enquiry type</label>
          <select
            id={ids.type}
            value={form.EnquiryType}
            onChange={(e) => set({ EnquiryType: e.target.value })}
            aria-required="true"
            aria-invalid={invalid('type')}
          >
            <option value="">Choose one</option>
            {ENQUIRY_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="enq-field">
          <label htmlFor={ids.message}>Message</label>
          <textarea
            id={ids.message}
            value={form.Message}
            onChange={(e) => set({ Message: e.target.value })}
            aria-required="true"
            aria-invalid={invalid('message')}
            maxLength={3000}
            rows={5}
          />
        </div>
        <div className="enq-field enq-file">
          <label htmlFor={ids.file}>
            Attachment <span className="enq-optional">(optional)</span>
          </label>
          <input
            key={fileKey}
            id={ids.file}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            aria-describedby={ids.fileHint}
            aria-invalid={invalid('file')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              const problem = attachmentProblem(chosen);
              if (problem) fail(problem);
              else if (error === ATTACHMENT_NOT_ALLOWED || error === ATTACHMENT_TOO_LARGE) setError('');
            }}
          />
          <span id={ids.fileHint} className="enq-hint">
            PDF, JPEG, PNG, WebP, DOC or DOCX, up to 10 MB.
          </span>
        </div>
        {progress !== null ? (
          <div className="enq-progress">
            <progress max={100} value={progress} aria-label="Upload progress" />
            <span aria-live="polite">Uploading your file… {progress}%</span>
          </div>
        ) : null}
        <FormMessages error={error} status={result?.message} tone={result?.kind === 'queued' ? 'queued' : 'ok'} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? (progress !== null ? 'Uploading...' : 'Sending...') : 'Send message'}
        </button>
      </form>
    </div>
  );
}
