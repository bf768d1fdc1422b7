import { useId, useState, type FormEvent } from 'react';
import { siteDay } from '../../../contract/site-rules.ts';
import { validatePackageEnquiry, type PackageEnquiryParams } from '../../../contract/enquiry.ts';
import { submitEnquiryForm } from '../../../contract/enquiry-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { PhoneField } from '../../components/phone-input.tsx';
import { PackageEnquiryIntro } from './package-enquiry-intro.tsx';
import { submitEnquiry, type Outcome } from './send.ts';
import './enquiry.css';

export interface PackageEnquiryFormProps {
  pkg: { id: number; slug: string; title: string };
}

const EMPTY = { FullName: '', Email: '', TravelDate: '', Adults: '2', Children: '0', Message: '' };

/** "Ask about this holiday": the package enquiry of the detail page (SubmitEnquiryForm). */
export function PackageEnquiryForm({ pkg }: PackageEnquiryFormProps) {
  const { site } = useSite();
  const ids = {
    heading: useId(),
    name: useId(),
    email: useId(),
    phone: useId(),
    date: useId(),
    adults: useId(),
    children: useId(),
    message: useId(),
  };
  const [form, setForm] = useState(EMPTY);
  const [phone, setPhone] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [result, setResult] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const params: PackageEnquiryParams = {
      PackageId: pkg.id,
      PackageSlug: pkg.slug,
      PackageTitle: pkg.title,
      FullName: form.FullName.trim(),
      Email: form.Email.trim(),
      PhoneNumber: phone ?? '',
      TravelDate: form.TravelDate,
      Adults: Number(form.Adults),
      Children: Number(form.Children),
      Message: form.Message.trim(),
      Url: location.href,
    };
    const problem = validatePackageEnquiry(params);
    if (problem) {
      setResult(null);
      return setError(problem);
    }
    setError('');
    setBusy(true);
    try {
      const outcome = await submitEnquiry(submitEnquiryForm, params, site, 'package');
      if (outcome.kind === 'refused') {
        setResult(null);
        setError(outcome.message);
      } else {
        setResult(outcome);
        setForm(EMPTY);
        setPhone(undefined);
      }
    } catch {
      setError('Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="package-enquiry" aria-labelledby={ids.heading}>
      <PackageEnquiryIntro headingId={ids.heading} title={pkg.title} />
      <form className="enq-form" method="post" onSubmit={submit} noValidate>
        <div className="enq-field">
          <label htmlFor={ids.name}>Full name</label>
          <input
            id={ids.name}
            autoComplete="name"
            value={form.FullName}
            onChange={(e) => set({ FullName: e.target.value })}
            aria-required="true"
            maxLength={100}
          />
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
              maxLength={254}
            />
          </div>
          <div className="enq-field">
            <label htmlFor={ids.phone}>Phone number</label>
            <PhoneField id={ids.phone} value={phone} onChange={setPhone} required />
          </div>
        </div>
        <div className="enq-row">
          <div className="enq-field">
            <label htmlFor={ids.date}>
              Travel date <span className="enq-optional">(optional)</span>
            </label>
            <input
              id={ids.date}
              type="date"
              min={siteDay(Date.now(), site)}
              value={form.TravelDate}
              onChange={(e) => set({ TravelDate: e.target.value })}
            />
          </div>
          <div className="enq-row">
            <div className="enq-field">
              <label htmlFor={ids.adults}>Adults</label>
              <select id={ids.adults} value={form.Adults} onChange={(e) => set({ Adults: e.target.value })}>
                {Array.from({ length: 9 }, (_, i) => (
                  <option key={i}>{i + 1}</option>
                ))}
              </select>
            </div>
            <div className="enq-field">
              <label htmlFor={ids.children}>Children</label>
              <select id={ids.children} value={form.Children} onChange={(e) => set({ Children: e.target.value })}>
                {Array.from({ length: 7 }, (_, i) => (
                  <option key={i}>{i}</option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <div className="enq-field">
          <label htmlFor={ids.message}>
            Message <span className="enq-optional">(optional)</span>
          </label>
          <textarea
            id={ids.message}
            rows={3}
            value={form.Message}
            onChange={(e) => set({ Message: e.target.value })}
            maxLength={3000}
          />
        </div>
        <FormMessages error={error} status={result?.message} tone={result?.kind === 'queued' ? 'queued' : 'ok'} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send enquiry'}
        </button>
      </form>
    </section>
  );
}
