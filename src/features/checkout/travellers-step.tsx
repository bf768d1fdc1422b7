import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TITLES } from '../../../contract/account.ts';
import { verifyPan } from '../../../contract/booking-calls.ts';
import { BOOKING_MESSAGES, leadTravellerSchema, panSchema, travellerSchema } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import { statesByCountryId } from '../../../contract/place-calls.ts';
import { B2C_ADDRESS_FROM, TRN_PATTERN, gstinProblem, normalizeTaxNumber } from '../../../contract/tax.ts';
import { focusFirstInvalid } from '../../lib/focus-heading.ts';
import { useCall } from '../../lib/use-call.ts';
import { PhoneField } from '../../components/phone-input.tsx';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { messageOf } from '../account/form-bits.tsx';
import { addressLines, type CheckoutForm, type TravellerInput } from './checkout-form.ts';

type Errors = Record<string, string>;

const BAND_LABEL = { adult: 'adult', child: 'child (2–11)', infant: 'infant (under 2)' } as const;

/**
 * A field with its label and, below it, the line its error shows on. The line is always there, so
 * an error that appears or goes never moves the button under the form between a press and its click.
 */
function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      {children(id, `${id}-msg`)}
      {hint ? <p className="acc-hint">{hint}</p> : null}
      <p className="field-error" id={`${id}-msg`}>
        {error ?? ''}
      </p>
    </div>
  );
}

function ageOn(dob: string, today = new Date()): number | null {
  const birth = new Date(`${dob}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || Number.isNaN(birth.getTime())) return null;
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  if (
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate())
  )
    age -= 1;
  return age;
}

/** India: an invoice from ₹50,000 to a buyer without a GSTIN carries the buyer's address. */
export const addressRequired = (site: Site, form: CheckoutForm, invoiceValue: number | null) =>
  site === 'IN' && !form.gstin.trim() && invoiceValue !== null && invoiceValue >= B2C_ADDRESS_FROM;

/** Checks the form with the contract's own rules; the keys name the fields. */
export function travellerErrors(
  form: CheckoutForm,
  panRequired: boolean,
  tax: { site: Site; invoiceValue: number | null } = { site: 'UAE', invoiceValue: null },
): Errors {
  const errors: Errors = {};
  if (tax.site === 'IN') {
    if (!form.lead.State) errors['lead.State'] = 'Choose your state: it is the place of supply on your GST invoice.';
    if (form.gstin.trim()) {
      const problem = gstinProblem(form.gstin);
      if (problem) errors.gstin = problem;
    }
    if (addressRequired(tax.site, form, tax.invoiceValue) && addressLines(form.lead.Address).length === 0) {
      errors['lead.Address'] =
        'Enter your address: a GST invoice of ₹50,000 or more carries it (or give your business GSTIN).';
    }
  } else if (form.trn.trim() && !TRN_PATTERN.test(normalizeTaxNumber(form.trn))) {
    errors.trn = 'A UAE tax registration number has 15 digits.';
  }
  const lead = leadTravellerSchema.safeParse({
    ...form.lead,
    Phone: form.lead.Phone ?? '',
    State: undefined,
    Address: undefined,
  });
  if (!lead.success) for (const issue of lead.error.issues) errors[`lead.${String(issue.path[0])}`] ??= issue.message;
  const age = ageOn(form.lead.DOB);
  if (!errors['lead.DOB'] && (age === null || age > 120))
    errors['lead.DOB'] = 'Enter the lead traveller’s date of birth.';
  else if (!errors['lead.DOB'] && age !== null && age < 18)
    errors['lead.DOB'] = 'The lead traveller must be 18 or older.';
  form.others.forEach((t, i) => {
    const parsed = travellerSchema.safeParse(t);
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[`others.${i}.${String(issue.path[0])}`] ??= issue.message;
    // Child and infant fares go by the age on the day of travel: their date of birth is needed.
    const childAge = t.AgeBand === 'adult' ? 0 : ageOn(t.DOB ?? '');
    if (t.AgeBand !== 'adult' && (childAge === null || childAge < 0 || childAge > 25))
      errors[`others.${i}.DOB`] = `Enter the ${t.AgeBand}’s date of birth.`;
  });
  if (panRequired) {
    const pan = panSchema.safeParse(form.pan);
    if (!pan.success) errors.pan = pan.error.issues[0]?.message ?? 'Enter your PAN.';
  }
  return errors;
}

export function TravellersStep(props: {
  form: CheckoutForm;
  onChange(form: CheckoutForm): void;
  /** Fields to mark on arrival: a later step found them missing, or the server refused them. */
  marked?: Errors | null;
  panRequired: boolean;
  tcsRate: number | null;
  /** What the invoice will be worth without TCS (null until priced): India asks the address from ₹50,000. */
  invoiceValue: number | null;
  site: Site;
  online: boolean;
  onDone(): void;
}) {
  const { form, onChange, panRequired } = props;
  const [errors, setErrors] = useState<Errors>(props.marked ?? {});
  const [busy, setBusy] = useState(false);
  const [panAlert, setPanAlert] = useState<string | null>(null);
  // Each refused submit brings the first field with an error to the screen, once it is marked.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals) focusFirstInvalid(formRef.current);
  }, [refusals]);
  // Sent back here with fields marked: they show at once, and the first comes to the screen.
  useEffect(() => {
    if (!props.marked) return;
    setErrors(props.marked);
    setRefusals((n) => n + 1);
  }, [props.marked]);
  const states = useCall(statesByCountryId, props.site === 'IN' ? { countryId: 101 } : null);
  const needAddress = addressRequired(props.site, form, props.invoiceValue);
  const today = new Date().toISOString().slice(0, 10);

  const setLead = (patch: Partial<CheckoutForm['lead']>) => onChange({ ...form, lead: { ...form.lead, ...patch } });
  const setOther = (i: number, patch: Partial<TravellerInput>) =>
    onChange({ ...form, others: form.others.map((t, k) => (k === i ? { ...t, ...patch } : t)) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = travellerErrors(form, panRequired, { site: props.site, invoiceValue: props.invoiceValue });
    setErrors(found);
    setPanAlert(null);
    if (Object.keys(found).length) {
      setRefusals((n) => n + 1);
      return;
    }
    if (panRequired) {
      setBusy(true);
      try {
        await callApi(
          verifyPan,
          { Pan: form.pan, Name: `${form.lead.FirstName} ${form.lead.LastName}` },
          { auth: true, headers: { Country: props.site } },
        );
      } catch (err) {
        // Spec: a PAN that does not verify shows 'Failed to verify PAN'; the server says why.
        const why =
          err instanceof ApiError ? err.message.replace(`${BOOKING_MESSAGES.panFailed}: `, '') : messageOf(err);
        setPanAlert(why);
        setRefusals((n) => n + 1);
        return;
      } finally {
        setBusy(false);
      }
    }
    props.onDone();
  }

  const invalid = (key: string) => (errors[key] ? true : undefined);
  return (
    <form
      ref={formRef}
      className="acc-form checkout-travellers"
      method="post"
      onSubmit={submit}
      noValidate
      aria-labelledby="travellers-heading"
    >
      <h2 id="travellers-heading">Who is travelling</h2>
      <fieldset className="checkout-fieldset">
        <legend>Lead traveller (adult, as on the passport)</legend>
        <div className="acc-row">
          <Field label="Title" error={errors['lead.Title']}>
            {(id, msg) => (
              <select
                id={id}
                name="honorific-prefix"
                autoComplete="honorific-prefix"
                value={form.lead.Title}
                aria-invalid={invalid('lead.Title')}
                aria-describedby={msg}
                onChange={(e) => setLead({ Title: e.target.value })}
              >
                <option value="">Choose…</option>
                {TITLES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Date of birth" error={errors['lead.DOB']}>
            {(id, msg) => (
              <input
                id={id}
                type="date"
                name="bday"
                autoComplete="bday"
                min="1900-01-01"
                max={today}
                value={form.lead.DOB}
                aria-invalid={invalid('lead.DOB')}
                aria-describedby={msg}
                onChange={(e) => setLead({ DOB: e.target.value })}
              />
            )}
          </Field>
        </div>
        <div className="acc-row">
          <Field label="First name" error={errors['lead.FirstName']}>
            {(id, msg) => (
              <input
                id={id}
                name="given-name"
                autoComplete="given-name"
                maxLength={60}
                value={form.lead.FirstName}
                aria-invalid={invalid('lead.FirstName')}
                aria-describedby={msg}
                onChange={(e) => setLead({ FirstName: e.target.value })}
              />
            )}
          </Field>
          <Field label="Last name" error={errors['lead.LastName']}>
            {(id, msg) => (
              <input
                id={id}
                name="family-name"
                autoComplete="family-name"
                maxLength={60}
                value={form.lead.LastName}
                aria-invalid={invalid('lead.LastName')}
                aria-describedby={msg}
                onChange={(e) => setLead({ LastName: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label="Email" error={errors['lead.Email']} hint="Your confirmation and vouchers go here.">
          {(id, msg) => (
            <input
              id={id}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={form.lead.Email}
              aria-invalid={invalid('lead.Email')}
              aria-describedby={msg}
              onChange={(e) => setLead({ Email: e.target.value })}
            />
          )}
        </Field>
        <Field label="Mobile number" error={errors['lead.Phone']}>
          {(id, msg) => (
            <PhoneField
              id={id}
              name="tel"
              value={form.lead.Phone}
              invalid={Boolean(errors['lead.Phone'])}
              describedBy={msg}
              onChange={(Phone) => setLead({ Phone })}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="checkout-fieldset">
        <legend>Billing details (for your tax invoice)</legend>
        {props.site === 'IN' ? (
          <Field
            label="State"
            error={errors['lead.State']}
            hint="Where you live: the place of supply on your GST invoice."
          >
            {(id, msg) => (
              <select
                id={id}
                name="address-level1"
                autoComplete="address-level1"
                value={form.lead.State}
                aria-invalid={invalid('lead.State')}
                aria-describedby={msg}
                onChange={(e) => setLead({ State: e.target.value })}
              >
                <option value="">Choose…</option>
                {(states.data ?? []).map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field
          label={needAddress ? 'Address' : 'Address (optional)'}
          error={errors['lead.Address']}
          hint={
            needAddress ? 'Required on a GST invoice of ₹50,000 or more without a GSTIN.' : 'Printed on your invoice.'
          }
        >
          {(id, msg) => (
            <textarea
              id={id}
              name="street-address"
              autoComplete="street-address"
              rows={3}
              maxLength={500}
              value={form.lead.Address}
              aria-invalid={invalid('lead.Address')}
              aria-describedby={msg}
              onChange={(e) => setLead({ Address: e.target.value })}
            />
          )}
        </Field>
        {props.site === 'IN' ? (
          <Field
            label="GSTIN (optional, for a business)"
            error={errors.gstin}
            hint="15 characters, e.g. 27AAPFU0939F1ZV. Its state must be the state above."
          >
            {(id, msg) => (
              <input
                id={id}
                name="gstin"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={15}
                value={form.gstin}
                aria-invalid={invalid('gstin')}
                aria-describedby={msg}
                onChange={(e) => onChange({ ...form, gstin: e.target.value.toUpperCase() })}
              />
            )}
          </Field>
        ) : (
          <Field
            label="TRN (optional, for a business)"
            error={errors.trn}
            hint="Your UAE tax registration number: 15 digits."
          >
            {(id, msg) => (
              <input
                id={id}
                name="trn"
                autoComplete="off"
                inputMode="numeric"
                spellCheck={false}
                maxLength={15}
                value={form.trn}
                aria-invalid={invalid('trn')}
                aria-describedby={msg}
                onChange={(e) => onChange({ ...form, trn: e.target.value })}
              />
            )}
          </Field>
        )}
      </fieldset>

      {form.others.map((t, i) => (
        <fieldset className="checkout-fieldset" key={`${t.AgeBand}-${i}`}>
          <legend>
            Traveller {i + 2} ({BAND_LABEL[t.AgeBand]})
          </legend>
          <div className="acc-row">
            <Field label="First name" error={errors[`others.${i}.FirstName`]}>
              {(id, msg) => (
                <input
                  id={id}
                  maxLength={60}
                  autoComplete="off"
                  value={t.FirstName}
                  aria-invalid={invalid(`others.${i}.FirstName`)}
                  aria-describedby={msg}
                  onChange={(e) => setOther(i, { FirstName: e.target.value })}
                />
              )}
            </Field>
            <Field label="Last name" error={errors[`others.${i}.LastName`]}>
              {(id, msg) => (
                <input
                  id={id}
                  maxLength={60}
                  autoComplete="off"
                  value={t.LastName}
                  aria-invalid={invalid(`others.${i}.LastName`)}
                  aria-describedby={msg}
                  onChange={(e) => setOther(i, { LastName: e.target.value })}
                />
              )}
            </Field>
          </div>
          {t.AgeBand !== 'adult' ? (
            <Field
              label="Date of birth"
              error={errors[`others.${i}.DOB`]}
              hint={`The ${t.AgeBand} fare goes by the age on the day of travel.`}
            >
              {(id, msg) => (
                <input
                  id={id}
                  type="date"
                  autoComplete="off"
                  min="1990-01-01"
                  max={today}
                  value={t.DOB ?? ''}
                  aria-invalid={invalid(`others.${i}.DOB`)}
                  aria-describedby={msg}
                  onChange={(e) => setOther(i, { DOB: e.target.value || undefined })}
                />
              )}
            </Field>
          ) : null}
        </fieldset>
      ))}

      {panRequired ? (
        <fieldset className="checkout-fieldset">
          <legend>PAN of the lead traveller</legend>
          <p className="acc-hint">
            Indian law asks us to collect tax at source (TCS{props.tcsRate !== null ? `, ${props.tcsRate}%` : ''}) on
            holidays outside India, against the lead traveller’s PAN. It is not a cost: it is credited to your PAN and
            you claim it back in your income tax return.
          </p>
          <Field label="PAN" error={errors.pan} hint="10 characters, as on your PAN card, e.g. ABCPK1234F.">
            {(id, msg) => (
              <input
                id={id}
                name="pan"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={10}
                value={form.pan}
                aria-invalid={invalid('pan') ?? (panAlert ? true : undefined)}
                aria-describedby={msg}
                onChange={(e) => onChange({ ...form, pan: e.target.value.toUpperCase() })}
              />
            )}
          </Field>
          <div role="alert" className={panAlert ? 'notice notice-error' : 'checkout-alert-slot'}>
            {panAlert ? (
              <>
                <strong>{BOOKING_MESSAGES.panFailed}</strong>
                <br />
                {panAlert}
              </>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <Field
        label="Special requests (optional)"
        error={errors.specialRequests}
        hint="Room type, dietary needs, celebrations. We pass them on; the hotel confirms what it can."
      >
        {(id, msg) => (
          <textarea
            id={id}
            rows={3}
            maxLength={1000}
            value={form.specialRequests}
            aria-describedby={msg}
            onChange={(e) => onChange({ ...form, specialRequests: e.target.value })}
          />
        )}
      </Field>
      <button className="button button-primary acc-wide" disabled={busy || !props.online}>
        {busy ? 'Checking your PAN…' : 'Continue to review'}
      </button>
    </form>
  );
}
