import { useEffect, type FocusEvent } from 'react';
import PhoneInputWithCountry, {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumber,
  type Country,
} from 'react-phone-number-input';
// The flags ship inside the bundle: no request to any flag host, and the picker works offline.
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import { isInternationalFormat } from '../../contract/phone.ts';
import { useSite } from '../app/site-context.tsx';
import './phone-input.css';

export type { Country };

/** Every country and territory the phone metadata knows (about 250), plus the international option. */
export const PHONE_COUNTRIES: Country[] = getCountries();

/**
 * An initial phone value must be international: a plus sign followed by digits. Anything else is
 * refused (the field starts empty) rather than guessed at.
 */
export function acceptInitialPhone(value: string | null | undefined): string | undefined {
  return value && isInternationalFormat(value) ? value : undefined;
}

/** The dial code (+971) of the chosen country, else of the number (international option), else undefined. */
export function dialCodeOf(value: string | undefined, country: Country | undefined): string | undefined {
  if (country) return `+${getCountryCallingCode(country)}`;
  const parsed = value ? parsePhoneNumber(value) : undefined;
  return parsed?.countryCallingCode ? `+${parsed.countryCallingCode}` : undefined;
}

/** The number without its dial code (the national significant number), for calls that want them apart. */
export function nationalNumberOf(value: string | undefined): string {
  if (!value) return '';
  return parsePhoneNumber(value)?.nationalNumber ?? value.replace(/^\+\d{1,3}/, '');
}

export interface PhoneFieldProps {
  /** The id of the number input, for its <label htmlFor>. */
  id: string;
  /** E.164 (+971501234567) or undefined; any other form is refused and shown empty. */
  value: string | undefined;
  onChange(value: string | undefined): void;
  onBlur?(e: FocusEvent<HTMLElement>): void;
  /** Told when the traveller picks another country (undefined: international). */
  onCountryChange?(country: Country | undefined): void;
  /** Defaults to the site's country: AE on UAE pages, IN on /in pages. */
  defaultCountry?: Country;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * The phone number field of every form: a country picker (flags bundled, about 250 countries
 * and an international option, the site's country first) and the number, formatted as typed.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { phoneCountry } = useSite();
  const defaultCountry = props.defaultCountry ?? phoneCountry;
  const shown = acceptInitialPhone(props.value);
  const refused = Boolean(props.value) && !shown;
  useEffect(() => {
    if (refused) console.warn('PhoneField: a phone value must be + followed by digits; it was refused.');
  }, [refused]);
  const other: Country = defaultCountry === 'IN' ? 'AE' : 'IN';
  return (
    <PhoneInputWithCountry
      id={props.id}
      name={props.name}
      className="phone-field"
      value={shown}
      initialValueFormat="national"
      onChange={(v) => props.onChange(v || undefined)}
      onBlur={props.onBlur}
      onCountryChange={props.onCountryChange}
      defaultCountry={defaultCountry}
      countries={PHONE_COUNTRIES}
      countryOptionsOrder={[defaultCountry, other, '🌐', '|', '...']}
      addInternationalOption
      flags={flags}
      autoComplete="tel"
      required={props.required}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      numberInputProps={{ className: 'phone-field-input', inputMode: 'tel' }}
    />
  );
}
