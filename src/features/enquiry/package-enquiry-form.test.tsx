import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SettingsProvider } from '../../app/site-context.tsx';
import {
  acceptInitialPhone,
  dialCodeOf,
  nationalNumberOf,
  PHONE_COUNTRIES,
  PhoneField,
} from '../../components/phone-input.tsx';
import { PackageEnquiryForm } from './package-enquiry-form.tsx';

const render = (path: string, node: React.ReactNode) =>
  renderToString(
    <SettingsProvider value={{ origin: 'https://shop.example.com', gtm: {} }}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </SettingsProvider>,
  );

const selected = (html: string) =>
  /<option value="([A-Z]{2})" selected=""/.exec(html)?.[1] ??
  /<select[^>]*>[\s\S]*?<option[^>]*selected[^>]*value="([A-Z]{2})"/.exec(html)?.[1];

describe('PhoneField', () => {
  it('defaults to AE on UAE pages and IN on /in pages, with bundled flags only', () => {
    const uae = render('/contact', <PhoneField id="p" value={undefined} onChange={() => {}} />);
    const india = render('/in/contact', <PhoneField id="p" value={undefined} onChange={() => {}} />);
    expect(uae).toMatch(/<select[^>]*aria-label="Phone number country"/);
    expect(selected(uae)).toBe('AE');
    expect(selected(india)).toBe('IN');
    // Flags are inline SVG: no image from any host.
    for (const html of [uae, india]) {
      expect(html).toContain('<svg');
      expect(html).not.toMatch(/<img[^>]+src="https?:/);
      expect(html).not.toContain('country-flag-icons');
    }
    // About 250 countries and territories, plus the international option.
    expect(PHONE_COUNTRIES.length).toBeGreaterThan(240);
    expect((uae.match(/<option /g) ?? []).length).toBeGreaterThan(PHONE_COUNTRIES.length);
    expect(uae).toContain('International');
  });

  it('refuses an initial value that is not + followed by digits', () => {
    expect(acceptInitialPhone('+971501234567')).toBe('+971501234567');
    expect(acceptInitialPhone('971501234567')).toBeUndefined();
    expect(acceptInitialPhone('+971 50 123 4567')).toBeUndefined();
    expect(acceptInitialPhone('')).toBeUndefined();
    const refused = render('/', <PhoneField id="p" value="0501234567" onChange={() => {}} />);
    expect(refused).toMatch(/<input[^>]*id="p"[^>]*value=""/);
    const accepted = render('/', <PhoneField id="p" value="+971501234567" onChange={() => {}} />);
    expect(accepted).toMatch(/<input[^>]*value="050 123 4567"/);
  });

  it('splits a number into the dial code of the chosen country and the national number', () => {
    expect(dialCodeOf('+919876543210', 'IN')).toBe('+91');
    expect(dialCodeOf('+447911123456', undefined)).toBe('+44');
    expect(dialCodeOf(undefined, 'AE')).toBe('+971');
    expect(nationalNumberOf('+971501234567')).toBe('501234567');
    expect(nationalNumberOf(undefined)).toBe('');
  });
});

describe('PackageEnquiryForm', () => {
  it('renders a labelled form about the package', () => {
    const html = render(
      '/in/holidays/kerala-backwaters',
      <PackageEnquiryForm pkg={{ id: 3, slug: 'kerala-backwaters', title: 'Kerala backwaters' }} />,
    );
    expect(html).toContain('Ask about this holiday');
    expect(html.replace(/<!-- -->/g, '')).toContain('Questions about Kerala backwaters?');
    for (const label of ['Full name', 'Email', 'Phone number', 'Travel date', 'Adults', 'Children', 'Message'])
      expect(html).toContain(`>${label}`);
    expect(selected(html)).toBe('IN');
    expect(html).toContain('Send enquiry');
  });
});
