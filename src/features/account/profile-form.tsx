import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, TITLES, type Profile } from '../../../contract/account.ts';
import { updateProfile } from '../../../contract/account-calls.ts';
import { getCitiesByCountryId, getCountry, statesByCountryId } from '../../../contract/place-calls.ts';
import { INDIA_COUNTRY_ID } from '../../../contract/places.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCall } from '../../lib/use-call.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { Field, TextField, messageOf } from './form-bits.tsx';

function Select({
  label,
  value,
  onChange,
  children,
  disabled,
  name,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  children: React.ReactNode;
  disabled?: boolean;
  name: string;
}) {
  const id = useId();
  return (
    <Field label={label} id={id}>
      <select id={id} name={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} required>
        {children}
      </select>
    </Field>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** Title, names, date of birth, and where you live: country, then state (India), then city. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  const [title, setTitle] = useState(profile.title ?? '');
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const [lastName, setLastName] = useState(profile.lastName ?? '');
  const [dob, setDob] = useState(profile.dob ?? '');
  const [countryId, setCountryId] = useState(String(profile.countryId ?? ''));
  const [stateId, setStateId] = useState(String(profile.stateId ?? ''));
  const [cityId, setCityId] = useState(String(profile.cityId ?? ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const countries = useCall(getCountry, {});
  const isIndia = countryId === String(INDIA_COUNTRY_ID);
  const states = useCall(statesByCountryId, isIndia ? { countryId: INDIA_COUNTRY_ID } : null);
  const cities = useCall(
    getCitiesByCountryId,
    countryId ? { countryId: Number(countryId), ...(isIndia && stateId ? { stateId: Number(stateId) } : {}) } : null,
  );
  const placesError = countries.error ?? states.error ?? cities.error;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      const saved = await callApi(
        updateProfile,
        {
          Title: title as (typeof TITLES)[number],
          FirstName: firstName,
          LastName: lastName,
          DOB: dob,
          CountryId: countryId,
          StateId: isIndia ? stateId : '',
          CityId: cityId,
        },
        { auth: true },
      );
      setSuccess(ACCOUNT_MESSAGES.profileUpdated);
      onSaved(saved);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="acc-form" method="post" onSubmit={submit} aria-label="Profile">
      <div className="acc-row">
        <Select label="Title" name="title" value={title} onChange={setTitle}>
          <option value="">Choose…</option>
          {TITLES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
        <TextField
          label="Date of birth"
          name="bday"
          type="date"
          autoComplete="bday"
          max={today()}
          min="1900-01-01"
          required
          value={dob}
          onChange={(e) => setDob(e.target.value)}
        />
      </div>
      <div className="acc-row">
        <TextField
          label="First name"
          name="given-name"
          autoComplete="given-name"
          required
          maxLength={50}
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <TextField
          label="Last name"
          name="family-name"
          autoComplete="family-name"
          required
          maxLength={50}
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <Select
        label="Country"
        name="country"
        value={countryId}
        disabled={!countries.data}
        onChange={(v) => {
          setCountryId(v);
          setStateId('');
          setCityId('');
        }}
      >
        <option value="">{countries.data ? 'Choose your country…' : 'Loading countries…'}</option>
        {countries.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
      <div className="acc-row">
        {isIndia ? (
          <Select
            label="State"
            name="state"
            value={stateId}
            disabled={!states.data}
            onChange={(v) => {
              setStateId(v);
              setCityId('');
            }}
          >
            <option value="">{states.data ? 'Choose your state…' : 'Loading states…'}</option>
            {states.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        ) : null}
        <Select label="City" name="city" value={cityId} disabled={!countryId || !cities.data} onChange={setCityId}>
          <option value="">
            {!countryId ? 'Choose a country first' : cities.data ? 'Choose your city…' : 'Loading cities…'}
          </option>
          {cities.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {placesError ? <p className="acc-hint">{placesError.message}</p> : null}
      <FormMessages error={error} status={success} />
      <div className="acc-actions">
        <button className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
