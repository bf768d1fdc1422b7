import { useId, useState, type FormEvent } from 'react';
import {
  ALL_FIELDS_REQUIRED,
  INVALID_EMAIL,
  INVALID_PHONE,
  isRealEmail,
  isValidInternationalPhone,
} from '../../../contract/enquiry.ts';
import { submitExitPageEnquiry } from '../../../contract/enquiry-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { PhoneField, dialCodeOf, nationalNumberOf, type Country } from '../../components/phone-input.tsx';
import { Dialog } from './dialog.tsx';
import { OFFLINE_QUEUED, isOffline, outcomeOf, postEnquiry, queueOffline } from './send.ts';

export const EXIT_POPUP_TITLE = 'Submit details to get call back';
const SOMETHING_WRONG = 'Something went wrong. Please try again later.';

/** The exit-intent popup (spec §2, §4, §5, §8): three fields, a call-back on submit. */
export default function ExitPopup({ onClose }: { onClose(): void }) {
  const { site, phoneCountry } = useSite();
  const ids = { name: useId(), email: useId(), phone: useId(), error: useId() };
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<string | undefined>();
  const [country, setCountry] = useState<Country | undefined>(phoneCountry);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const clear = () => {
    setFullName('');
    setEmail('');
    setPhone(undefined);
  };

  // Checked on blur too (spec §5), but cleared only as the number is corrected, never on blur: the
  // blur of a press on "Call Me Now!" must not change the form under the pointer (decision 0021).
  function checkPhoneOnBlur() {
    if (phone && !isValidInternationalPhone(phone)) setError(INVALID_PHONE);
  }
  function changePhone(value: string | undefined) {
    setPhone(value);
    if (error === INVALID_PHONE && value && isValidInternationalPhone(value)) setError('');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setNotice('');
    if (!fullName.trim() || !email.trim() || !phone) return setError(ALL_FIELDS_REQUIRED);
    if (!isValidInternationalPhone(phone)) return setError(INVALID_PHONE);
    if (!isRealEmail(email)) return setError(INVALID_EMAIL);
    setError('');
    const params = {
      FullName: fullName.trim(),
      Email: email.trim(),
      MobileCountryCode: dialCodeOf(phone, country) ?? '+91',
      MobileNo: nationalNumberOf(phone),
      Mode: 'exit-popup',
    };
    setBusy(true);
    try {
      if (isOffline()) {
        await queueOffline(submitExitPageEnquiry, params, site);
        clear();
        setNotice(OFFLINE_QUEUED);
        return;
      }
      const outcome = outcomeOf(await postEnquiry(submitExitPageEnquiry, params, site), site, 'exit-popup');
      if (outcome.kind === 'sent') {
        clear();
        onClose();
      } else {
        setError(outcome.message);
      }
    } catch {
      // No answer (the network dropped mid-way) or the device could not keep it: the spec's words.
      setError(SOMETHING_WRONG);
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: 'name' | 'email' | 'phone') =>
    error === ALL_FIELDS_REQUIRED
      ? (field === 'name' && !fullName.trim()) || (field === 'email' && !email.trim()) || (field === 'phone' && !phone)
      : (field === 'phone' && error === INVALID_PHONE) || (field === 'email' && error === INVALID_EMAIL);

  return (
    <Dialog title={EXIT_POPUP_TITLE} onClose={onClose} className="exit-popup">
      <p className="enq-lede">Before you go: leave your details and one of our travel experts will call you back.</p>
      <form
        className="enq-form"
        method="post"
        onSubmit={submit}
        noValidate
        aria-describedby={error ? ids.error : undefined}
      >
        <div className="enq-field">
          <label htmlFor={ids.name}>Full name</label>
          <input
            id={ids.name}
            name="FullName"
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            aria-required="true"
            aria-invalid={invalid('name') || undefined}
            maxLength={100}
          />
        </div>
        <div className="enq-field">
          <label htmlFor={ids.email}>Email ID</label>
          <input
            id={ids.email}
            name="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-required="true"
            aria-invalid={invalid('email') || undefined}
            maxLength={254}
          />
        </div>
        <div className="enq-field">
          <label htmlFor={ids.phone}>Phone Number</label>
          <PhoneField
            id={ids.phone}
            name="MobileNo"
            value={phone}
            onChange={changePhone}
            onCountryChange={setCountry}
            onBlur={checkPhoneOnBlur}
            required
            invalid={invalid('phone')}
            describedBy={error ? ids.error : undefined}
          />
        </div>
        <FormMessages errorId={ids.error} error={error} status={notice} tone="queued" />
        <button type="submit" className="button button-primary" disabled={busy} aria-disabled={busy}>
          {busy ? 'Processing...' : 'Call Me Now!'}
        </button>
      </form>
    </Dialog>
  );
}
