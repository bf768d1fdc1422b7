import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  STAY_KINDS,
  type AdminPackage,
  type AdminPackageOptions,
  type AdminStay,
  type StayKind,
} from '../../../contract/catalogue-admin.ts';
import { toMinor, typedAmount } from '../../../contract/format.ts';
import { VAT_TREATMENT_CHOICES, VAT_TREATMENTS, type VatTreatment } from '../../../contract/tax.ts';
import {
  createPackageCall,
  deletePackageCall,
  getPackageCall,
  packageOptionsCall,
  publishPackageCall,
  unpublishPackageCall,
  updatePackageCall,
  uploadPackageImageCall,
} from '../../../contract/admin-catalogue-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';

/** The form's fields as typed: lists one per line, prices in dirhams and rupees ("1299", "1,299.50"). */
interface Draft {
  title: string;
  slug: string;
  cityId: string;
  tripTypeId: string;
  interestIds: number[];
  nights: string;
  summary: string;
  highlights: string;
  itinerary: string;
  inclusions: string;
  exclusions: string;
  maxAdultsPerRoom: string;
  maxPeoplePerRoom: string;
  childAgeLimit: string;
  cancellationPolicy: string;
  /** Deposit percent (docs/decisions/0108); empty: no deposit. */
  depositPercent: string;
  vatTreatment: VatTreatment;
  featured: boolean;
  priceUAE: string;
  priceIN: string;
  compareUAE: string;
  compareIN: string;
  stays: StayDraft[];
}
interface StayDraft {
  place: string;
  nights: string;
  kind: StayKind;
  name: string;
  address: string;
  phone: string;
  email: string;
  checkIn: string;
  checkOut: string;
  notes: string;
}

const EMPTY_STAY: StayDraft = {
  place: '',
  nights: '1',
  kind: 'hotel',
  name: '',
  address: '',
  phone: '',
  email: '',
  checkIn: '14:00',
  checkOut: '11:00',
  notes: '',
};
const EMPTY: Draft = {
  title: '',
  slug: '',
  cityId: '',
  tripTypeId: '',
  interestIds: [],
  nights: '3',
  summary: '',
  highlights: '',
  itinerary: '',
  inclusions: '',
  exclusions: '',
  maxAdultsPerRoom: '3',
  maxPeoplePerRoom: '4',
  childAgeLimit: '12',
  cancellationPolicy: '30: 10\n15: 25\n7: 50\n0: 100',
  depositPercent: '',
  vatTreatment: 'standard',
  featured: false,
  priceUAE: '',
  priceIN: '',
  compareUAE: '',
  compareIN: '',
  stays: [],
};

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function toDraft(p: AdminPackage): Draft {
  return {
    title: p.title,
    slug: p.slug,
    cityId: String(p.cityId),
    tripTypeId: String(p.tripTypeId),
    interestIds: p.interestIds,
    nights: String(p.nights),
    summary: p.summary,
    highlights: p.highlights.join('\n'),
    itinerary: [...p.itinerary]
      .sort((a, b) => a.day - b.day)
      .map((d) => `${d.title} | ${d.description}`)
      .join('\n'),
    inclusions: p.inclusions.join('\n'),
    exclusions: p.exclusions.join('\n'),
    maxAdultsPerRoom: String(p.maxAdultsPerRoom),
    maxPeoplePerRoom: String(p.maxPeoplePerRoom),
    childAgeLimit: String(p.childAgeLimit),
    depositPercent: p.depositPercent === null ? '' : String(p.depositPercent),
    cancellationPolicy: [...p.cancellationPolicy]
      .sort((a, b) => b.daysBefore - a.daysBefore)
      .map((s) => `${s.daysBefore}: ${s.keepPercent}`)
      .join('\n'),
    vatTreatment: p.vatTreatment,
    featured: p.featured,
    priceUAE: typedAmount(p.prices.UAE?.amount),
    priceIN: typedAmount(p.prices.IN?.amount),
    compareUAE: typedAmount(p.prices.UAE?.compareAt),
    compareIN: typedAmount(p.prices.IN?.compareAt),
    stays: p.stays.map((s) => ({
      place: s.place,
      nights: String(s.nights),
      kind: s.kind,
      name: s.supplier.name,
      address: s.supplier.address.join('\n'),
      phone: s.supplier.phone,
      email: s.supplier.email,
      checkIn: s.supplier.checkIn,
      checkOut: s.supplier.checkOut,
      notes: s.supplier.notes.join('\n'),
    })),
  };
}

/** An amount typed ("1299", "1,299.50") → the smallest unit the API takes; empty → not sold there (null). */
const minor = (text: string) => (text.trim() === '' ? null : toMinor(text));

const PRICE_FIELDS = [
  ['priceUAE', 'The UAE site price', 'AED'],
  ['compareUAE', 'The UAE price before the offer', 'AED'],
  ['priceIN', 'The India site price', 'rupees'],
  ['compareIN', 'The India price before the offer', 'rupees'],
] as const;

/** Why a typed price cannot be sent (not an amount), or null when every one can. */
function priceProblem(d: Draft): string | null {
  const bad = PRICE_FIELDS.find(([key]) => d[key].trim() !== '' && toMinor(d[key]) === null);
  return bad ? `${bad[1]}: write an amount in ${bad[2]}, e.g. 1299 or 1,299.50.` : null;
}

function toInput(d: Draft) {
  const stays: AdminStay[] = d.stays.map((s) => ({
    place: s.place,
    nights: Number(s.nights),
    kind: s.kind,
    supplier: {
      name: s.name,
      address: lines(s.address),
      phone: s.phone.trim(),
      email: s.email.trim(),
      checkIn: s.checkIn,
      checkOut: s.checkOut,
      notes: lines(s.notes),
    },
  }));
  return {
    title: d.title,
    slug: d.slug.trim(),
    cityId: Number(d.cityId),
    tripTypeId: Number(d.tripTypeId),
    interestIds: d.interestIds,
    nights: Number(d.nights),
    summary: d.summary,
    highlights: lines(d.highlights),
    itinerary: lines(d.itinerary).map((l, i) => {
      const [title, ...rest] = l.split('|');
      return { day: i + 1, title: (title ?? '').trim(), description: rest.join('|').trim() || (title ?? '').trim() };
    }),
    inclusions: lines(d.inclusions),
    exclusions: lines(d.exclusions),
    maxAdultsPerRoom: Number(d.maxAdultsPerRoom),
    maxPeoplePerRoom: Number(d.maxPeoplePerRoom),
    childAgeLimit: Number(d.childAgeLimit),
    depositPercent: d.depositPercent.trim() ? Number(d.depositPercent) : null,
    cancellationPolicy: lines(d.cancellationPolicy).map((l) => {
      const [days, percent] = l.split(':');
      return { daysBefore: Number(days), keepPercent: Number(String(percent ?? '').replace('%', '')) };
    }),
    vatTreatment: d.vatTreatment,
    featured: d.featured,
    stays,
    prices: { UAE: minor(d.priceUAE), IN: minor(d.priceIN) },
    compareAt: {
      UAE: d.priceUAE.trim() ? minor(d.compareUAE) : undefined,
      IN: d.priceIN.trim() ? minor(d.compareIN) : undefined,
    },
  };
}

function StayFields({
  stay,
  n,
  onChange,
  onRemove,
}: {
  stay: StayDraft;
  n: number;
  onChange: (s: StayDraft) => void;
  onRemove: () => void;
}) {
  const field = (name: keyof StayDraft, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={stay[name]}
        onChange={(e) => onChange({ ...stay, [name]: e.target.value })}
        required={name !== 'notes'}
      />
    </label>
  );
  return (
    <fieldset className="admin-panel">
      <legend>Stay {n}</legend>
      {field('place', 'Place (area or town)')}
      {field('nights', 'Nights', 'number')}
      <label>
        Kind
        <select value={stay.kind} onChange={(e) => onChange({ ...stay, kind: e.target.value as StayKind })}>
          {STAY_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {field('name', 'Supplier (hotel) name')}
      <label>
        Supplier address (one line each)
        <textarea
          value={stay.address}
          rows={2}
          onChange={(e) => onChange({ ...stay, address: e.target.value })}
          required
        />
      </label>
      {field('phone', 'Supplier phone', 'tel')}
      {field('email', 'Supplier email', 'email')}
      {field('checkIn', 'Check-in time', 'time')}
      {field('checkOut', 'Check-out time', 'time')}
      <label>
        Notes for the voucher (one per line)
        <textarea value={stay.notes} rows={2} onChange={(e) => onChange({ ...stay, notes: e.target.value })} />
      </label>
      <button type="button" onClick={onRemove}>
        Remove stay {n}
      </button>
    </fieldset>
  );
}

function ImageUpload({ pkg, onDone }: { pkg: AdminPackage; onDone: (p: AdminPackage, message: string) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    if (!String(data.get('alt') ?? '').trim())
      return setError('Write the alt text: what the picture shows, for people who cannot see it.');
    setBusy(true);
    const answer = await adminApi(uploadPackageImageCall, { params: { id: pkg.id }, form: data });
    setBusy(false);
    if (!answer.ok || !answer.data) return setError(answer.message);
    setError('');
    form.reset();
    onDone(answer.data.package, answer.message);
  };
  return (
    <section aria-labelledby="images-heading">
      <h2 id="images-heading">Pictures</h2>
      <ul>
        {[pkg.heroImage, ...pkg.gallery.filter((g) => g !== pkg.heroImage)].map((src) => (
          <li key={src}>
            <img src={`${src}-480.webp`} alt={pkg.imageAlts[src] ?? ''} width={240} height={160} />{' '}
            {src === pkg.heroImage ? <strong>Main picture</strong> : 'Gallery'}
            {pkg.imageAlts[src] ? ` · ${pkg.imageAlts[src]}` : ''}
          </li>
        ))}
      </ul>
      <form className="admin-form" onSubmit={(e) => void upload(e)} aria-label="Upload a picture">
        <label>
          Picture (JPEG, PNG or WebP, at least 480 pixels wide)
          <input type="file" name="file" accept="image/jpeg,image/png,image/webp" required />
        </label>
        <label>
          Alt text (what the picture shows)
          <input type="text" name="alt" maxLength={300} required />
        </label>
        <label>
          Use as
          <select name="use" defaultValue="gallery">
            <option value="gallery">Gallery picture</option>
            <option value="hero">Main picture</option>
          </select>
        </label>
        <button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload picture'}
        </button>
        <p role="alert" className="admin-error">
          {error}
        </p>
      </form>
    </section>
  );
}

function PackageEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const [options, setOptions] = useState<AdminPackageOptions | null>(null);
  const [pkg, setPkg] = useState<AdminPackage | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [opts, one] = await Promise.all([
      adminApi(packageOptionsCall),
      id ? adminApi(getPackageCall, { params: { id } }) : Promise.resolve(null),
    ]);
    if (!opts.ok) return setError(opts.message);
    setOptions(opts.data);
    if (one) {
      if (!one.ok) return setError(one.message);
      setPkg(one.data);
      setDraft(toDraft(one.data));
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (
    key: Exclude<keyof Draft, 'interestIds' | 'stays' | 'featured' | 'vatTreatment'>,
    label: string,
    type = 'text',
    extra: Record<string, unknown> = {},
  ) => (
    <label>
      {label}
      <input type={type} name={key} value={draft[key]} onChange={(e) => set(key, e.target.value)} {...extra} />
    </label>
  );
  const area = (
    key: 'summary' | 'highlights' | 'itinerary' | 'inclusions' | 'exclusions' | 'cancellationPolicy',
    label: string,
    rows = 4,
  ) => (
    <label>
      {label}
      <textarea name={key} value={draft[key]} rows={rows} onChange={(e) => set(key, e.target.value)} />
    </label>
  );

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = priceProblem(draft);
    if (problem) {
      setNotice('');
      return setError(problem);
    }
    setBusy(true);
    const input = toInput(draft);
    const answer = pkg
      ? await adminApi(updatePackageCall, { params: { id: pkg.id }, body: input })
      : await adminApi(createPackageCall, { body: input });
    setBusy(false);
    if (!answer.ok) {
      setNotice('');
      return setError(answer.message);
    }
    setError('');
    setNotice(answer.message);
    setPkg(answer.data);
    setDraft(toDraft(answer.data));
    if (!pkg) void navigate(`/admin/packages/${answer.data.id}`, { replace: true });
  };

  const act = async (what: 'publish' | 'unpublish' | 'delete') => {
    if (!pkg) return;
    if (what === 'delete' && !window.confirm(`Delete ${pkg.title}? This cannot be undone.`)) return;
    setBusy(true);
    const params = { id: pkg.id };
    const answer =
      what === 'delete'
        ? await adminApi(deletePackageCall, { params })
        : await adminApi(what === 'publish' ? publishPackageCall : unpublishPackageCall, { params });
    setBusy(false);
    if (!answer.ok) {
      setNotice('');
      return setError(answer.message);
    }
    setError('');
    if (what === 'delete') return void navigate('/admin/packages');
    setNotice(answer.message);
    setPkg(answer.data as AdminPackage);
  };

  if (!options)
    return (
      <p role="alert" className="admin-error">
        {error || 'Loading…'}
      </p>
    );
  return (
    <>
      {pkg ? (
        <p>
          <strong>{pkg.published ? 'Published' : 'Unpublished'}</strong>
          {pkg.published ? (
            <>
              {' '}
              · <a href={`/holidays/${pkg.slug}`}>See it on the shop</a>
            </>
          ) : null}{' '}
          · <Link to={`/admin/packages/${pkg.id}/departures`}>Departures</Link>
          {pkg.formerSlugs.length ? <> · former addresses (redirected): {pkg.formerSlugs.join(', ')}</> : null}
        </p>
      ) : null}
      {pkg ? (
        <p className="admin-actions">
          {pkg.published ? (
            <button type="button" disabled={busy} onClick={() => void act('unpublish')}>
              Unpublish
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void act('publish')}>
              Publish
            </button>
          )}{' '}
          <button type="button" disabled={busy || pkg.bookings > 0} onClick={() => void act('delete')}>
            Delete
          </button>
          {pkg.bookings > 0 ? (
            <small>
              {' '}
              {pkg.bookings} booking{pkg.bookings === 1 ? '' : 's'}: unpublish it instead of deleting.
            </small>
          ) : null}
        </p>
      ) : null}
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
      <form
        className="admin-form"
        onSubmit={(e) => void save(e)}
        aria-label={pkg ? `Edit ${pkg.title}` : 'New package'}
      >
        {text('title', 'Title', 'text', { required: true, maxLength: 160 })}
        {text('slug', 'Slug (the address: /holidays/<slug>)', 'text', {
          required: true,
          pattern: '[a-z0-9]+(-[a-z0-9]+)*',
          maxLength: 120,
        })}
        <label>
          City
          <select name="cityId" value={draft.cityId} onChange={(e) => set('cityId', e.target.value)} required>
            <option value="">Choose…</option>
            {options.cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}, {c.country}
              </option>
            ))}
          </select>
        </label>
        <label>
          Trip type
          <select
            name="tripTypeId"
            value={draft.tripTypeId}
            onChange={(e) => set('tripTypeId', e.target.value)}
            required
          >
            <option value="">Choose…</option>
            {options.tripTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Interests</legend>
          {options.interests.map((i) => (
            <label key={i.id} className="admin-check">
              <input
                type="checkbox"
                checked={draft.interestIds.includes(i.id)}
                onChange={(e) =>
                  set(
                    'interestIds',
                    e.target.checked ? [...draft.interestIds, i.id] : draft.interestIds.filter((x) => x !== i.id),
                  )
                }
              />
              {i.name}
            </label>
          ))}
        </fieldset>
        {text('nights', 'Nights', 'number', { min: 1, max: 30, required: true })}
        {area('summary', 'Summary (the description on the page)', 4)}
        {area('highlights', 'Highlights (one per line)')}
        {area(
          'itinerary',
          'Itinerary: one line per day, "Title | what happens" (day 1 is arrival, one more day than nights)',
          8,
        )}
        {area('inclusions', 'Included (one per line)')}
        {area('exclusions', 'Not included (one per line)')}
        <fieldset>
          <legend>Prices per adult</legend>
          {text('priceUAE', 'UAE site price (AED, e.g. 1299 or 1,299.50; empty: not sold in the UAE)', 'text', {
            inputMode: 'decimal',
          })}
          {text('compareUAE', 'UAE price before the offer (AED, optional)', 'text', { inputMode: 'decimal' })}
          {text('priceIN', 'India site price (₹, e.g. 45999 or 45,999.50; empty: not sold in India)', 'text', {
            inputMode: 'decimal',
          })}
          {text('compareIN', 'India price before the offer (₹, optional)', 'text', { inputMode: 'decimal' })}
        </fieldset>
        <fieldset>
          <legend>Rooms and travellers</legend>
          {text('maxAdultsPerRoom', 'Adults per room, at most', 'number', { min: 1, max: 10 })}
          {text('maxPeoplePerRoom', 'People per room, at most (children and infants too)', 'number', {
            min: 1,
            max: 12,
          })}
          {text('childAgeLimit', 'A child is under (years)', 'number', { min: 2, max: 18 })}
        </fieldset>
        {text(
          'depositPercent',
          'Deposit: percent of the total a traveller may pay now, the rest by the pay-later due date (empty: no deposit)',
          'number',
          { min: 1, max: 99, step: 1 },
        )}
        {area(
          'cancellationPolicy',
          'Cancellation policy: one step per line, "days before travel: percent kept" (e.g. 30: 10)',
          5,
        )}
        <label>
          UAE VAT treatment
          <select
            name="vatTreatment"
            value={draft.vatTreatment}
            onChange={(e) => set('vatTreatment', e.target.value as VatTreatment)}
          >
            {VAT_TREATMENTS.map((v) => (
              <option key={v} value={v}>
                {VAT_TREATMENT_CHOICES[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={draft.featured} onChange={(e) => set('featured', e.target.checked)} />
          Featured on the home page
        </label>
        <h2>Stays (their nights add up to the package’s; the vouchers name these hotels)</h2>
        {draft.stays.map((s, i) => (
          <StayFields
            key={i}
            stay={s}
            n={i + 1}
            onChange={(next) =>
              set(
                'stays',
                draft.stays.map((x, j) => (j === i ? next : x)),
              )
            }
            onRemove={() =>
              set(
                'stays',
                draft.stays.filter((_, j) => j !== i),
              )
            }
          />
        ))}
        <button type="button" onClick={() => set('stays', [...draft.stays, { ...EMPTY_STAY }])}>
          Add a stay
        </button>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : pkg ? 'Save changes' : 'Create package'}
        </button>
      </form>
      {pkg ? (
        <ImageUpload
          pkg={pkg}
          onDone={(p, message) => {
            setPkg(p);
            setNotice(message);
          }}
        />
      ) : null}
    </>
  );
}

export default function AdminPackagePage() {
  const { id } = useParams();
  const numeric = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <>
      <title>{numeric ? 'Package · Back office' : 'New package · Back office'}</title>
      <p>
        <Link to="/admin/packages">All packages</Link>
      </p>
      <h1>{numeric ? 'Edit package' : 'New package'}</h1>
      <RequireStaff action="catalogue.edit">{() => <PackageEditor key={numeric ?? 'new'} id={numeric} />}</RequireStaff>
    </>
  );
}
