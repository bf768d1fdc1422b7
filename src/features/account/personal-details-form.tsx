import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type PersonalDetails } from '../../../contract/account.ts';
import { postOrUpdateUserPersonalDetailsPost } from '../../../contract/account-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { Field, TextField, messageOf } from './form-bits.tsx';

/** Travel details we need for bookings: passport, nationality, address, emergency contact. */
export function PersonalDetailsForm({
  details,
  onSaved,
}: {
  details: PersonalDetails;
  onSaved(d: PersonalDetails): void;
}) {
  const [d, setD] = useState<PersonalDetails>(details);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const bind = (key: keyof PersonalDetails) => ({
    value: d[key],
    onChange: (e: { target: { value: string } }) => setD((x) => ({ ...x, [key]: e.target.value })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      const saved = await callApi(
        postOrUpdateUserPersonalDetailsPost,
        { ...d, gender: d.gender as '' | 'female' | 'male' | 'other' },
        { auth: true },
      );
      setSuccess(ACCOUNT_MESSAGES.detailsSaved);
      onSaved(saved);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="acc-form" method="post" onSubmit={submit} aria-label="Personal details">
      <div className="acc-row">
        <Field label="Gender" id="pd-gender">
          <select id="pd-gender" {...bind('gender')}>
            <option value="">Prefer not to say</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
            <option value="other">Other</option>
          </select>
        </Field>
        <TextField label="Nationality" autoComplete="off" maxLength={60} {...bind('nationality')} />
      </div>
      <div className="acc-row">
        <TextField
          label="Passport number"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          {...bind('passportNumber')}
        />
        <TextField label="Passport expiry" type="date" {...bind('passportExpiry')} />
      </div>
      <TextField label="Address" autoComplete="street-address" maxLength={300} {...bind('address')} />
      <div className="acc-row">
        <TextField label="Postal code" autoComplete="postal-code" maxLength={12} {...bind('postalCode')} />
        <TextField
          label="Alternate phone"
          type="tel"
          autoComplete="tel"
          placeholder="+919812345678"
          maxLength={20}
          {...bind('alternatePhone')}
        />
      </div>
      <div className="acc-row">
        <TextField label="Emergency contact name" autoComplete="off" maxLength={80} {...bind('emergencyContactName')} />
        <TextField
          label="Emergency contact phone"
          type="tel"
          autoComplete="off"
          placeholder="+971501234567"
          maxLength={20}
          {...bind('emergencyContactPhone')}
        />
      </div>
      <FormMessages error={error} status={success} />
      <div className="acc-actions">
        <button className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save details'}
        </button>
      </div>
    </form>
  );
}
