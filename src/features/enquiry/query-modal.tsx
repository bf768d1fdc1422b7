import { useEffect, useId, useState, type FormEvent } from 'react';
import { TIMES_TO_CALL, validateHomeEnquiry, type HomeEnquiryParams } from '../../../contract/enquiry.ts';
import { saveHomePageEnquiryPopup } from '../../../contract/enquiry-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { PhoneField } from '../../components/phone-input.tsx';
import { Dialog } from './dialog.tsx';
import { browserStore, recordQueryModalShown } from './exit-intent.ts';
import { submitEnquiry } from './send.ts';

export const QUERY_MODAL_TITLE = 'Get a call back';

/** The home page's query modal: who to call, on which number and when. */
export default function QueryModal({ onClose }: { onClose(): void }) {
  const { site } = useSite();
  const ids = { contact: useId(), name: useId(), phone: useId(), time: useId(), error: useId() };
  const [form, setForm] = useState({ EmailOrPhone: '', FullName: '', TimeToCall: TIMES_TO_CALL[0] as string });
  const [phone, setPhone] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ queued: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // Shown: from now on the exit-intent popup may appear (spec §2).
  useEffect(() => {
    const store = browserStore();
    if (store) recordQueryModalShown(store);
  }, []);

  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const params: HomeEnquiryParams = {
      Id: 0,
      EmailOrPhone: form.EmailOrPhone.trim(),
      FullName: form.FullName.trim(),
      Phone: phone ?? '',
      TimeToCall: form.TimeToCall,
      CreatedDate: new Date().toISOString(),
      CurrentPageUrl: location.href,
    };
    const problem = validateHomeEnquiry(params);
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      const outcome = await submitEnquiry(saveHomePageEnquiryPopup, params, site, 'home-popup');
      if (outcome.kind === 'refused') setError(outcome.message);
      else setDone({ queued: outcome.kind === 'queued', message: outcome.message });
    } catch {
      setError('Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={QUERY_MODAL_TITLE} onClose={onClose} className="query-modal">
      {done ? (
        <div className="enq-form">
          <FormMessages status={done.message} tone={done.queued ? 'queued' : 'ok'} />
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <>
          <p className="enq-lede">
            Planning a trip? Tell us when suits you and a travel expert will call — no obligation.
          </p>
          <form className="enq-form" method="post" onSubmit={submit} noValidate>
            <div className="enq-field">
              <label htmlFor={ids.contact}>Email or phone</label>
              <input
                id={ids.contact}
                name="EmailOrPhone"
                autoComplete="email"
                inputMode="email"
                value={form.EmailOrPhone}
                onChange={(e) => set({ EmailOrPhone: e.target.value })}
                aria-required="true"
                maxLength={254}
              />
            </div>
            <div className="enq-field">
              <label htmlFor={ids.name}>Full name</label>
              <input
                id={ids.name}
                name="FullName"
                autoComplete="name"
                value={form.FullName}
                onChange={(e) => set({ FullName: e.target.value })}
                aria-required="true"
                maxLength={100}
              />
            </div>
            <div className="enq-field">
              <label htmlFor={ids.phone}>Phone</label>
              <PhoneField
                id={ids.phone}
                name="Phone"
                value={phone}
                onChange={setPhone}
                describedBy={`${ids.phone}-hint`}
              />
              <span id={`${ids.phone}-hint`} className="enq-hint">
                The number we should call (not needed if you gave a phone number above).
              </span>
            </div>
            <div className="enq-field">
              <label htmlFor={ids.time}>Time to call</label>
              <select
                id={ids.time}
                name="TimeToCall"
                value={form.TimeToCall}
                onChange={(e) => set({ TimeToCall: e.target.value })}
              >
                {TIMES_TO_CALL.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </div>
            <FormMessages errorId={ids.error} error={error} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Sending...' : 'Request a call back'}
            </button>
          </form>
        </>
      )}
    </Dialog>
  );
}
