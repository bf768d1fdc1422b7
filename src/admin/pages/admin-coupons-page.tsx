import { useId, useState, type FormEvent } from 'react';
import { formatMinor, toMinor, typedAmount } from '../../../contract/format.ts';
import type { AdminCoupon, AdminCouponList, CouponRules } from '../../../contract/promotions.ts';
import {
  createCouponCall,
  disableCouponCall,
  enableCouponCall,
  listCouponsCall,
  updateCouponCall,
} from '../../../contract/admin-promotions-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable } from '../desk/card-table.tsx';
import { focusFirstField, FormButtons, ListMessages, useEditableList } from '../edit-list.tsx';

const day = (iso: string) => iso.slice(0, 10);
const numberOrNull = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? null : Number(v));
/** An amount typed ("150", "1,299.50") in the smallest unit; empty: null; not an amount: NaN (refused, not sent). */
const amountOrNull = (v: FormDataEntryValue | null) =>
  v === null || String(v).trim() === '' ? null : (toMinor(String(v)) ?? Number.NaN);
const textOrNull = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? null : String(v).trim());

function discountText(c: AdminCoupon) {
  if (c.discountType === 'percent') {
    const caps = [
      c.maxDiscountAed !== null ? formatMinor(c.maxDiscountAed, 'AED') : null,
      c.maxDiscountInr !== null ? formatMinor(c.maxDiscountInr, 'INR') : null,
    ].filter(Boolean);
    return `${c.percent}%${caps.length ? ` up to ${caps.join(' / ')}` : ''}`;
  }
  return (
    [
      c.flatAed !== null ? formatMinor(c.flatAed, 'AED') : null,
      c.flatInr !== null ? formatMinor(c.flatInr, 'INR') : null,
    ]
      .filter(Boolean)
      .join(' / ') + ' off'
  );
}

/** The rules form: a new coupon, or one coupon's rules. */
function CouponForm({
  coupon,
  options,
  onDone,
  onCancel,
}: {
  coupon: AdminCoupon | null;
  options: AdminCouponList;
  onDone: (message: string, ok: boolean) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const f = (name: string) => `${id}-${name}`;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const site = String(form.get('site') ?? '');
    const rules: CouponRules = {
      code: String(form.get('code') ?? '').trim(),
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      terms: String(form.get('terms') ?? '')
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean),
      categoryId: Number(form.get('categoryId')),
      pageName: String(form.get('pageName') ?? ''),
      site: site === 'UAE' || site === 'IN' ? site : null,
      discountType: form.get('discountType') === 'flat' ? 'flat' : 'percent',
      percent: numberOrNull(form.get('percent')),
      flatAed: amountOrNull(form.get('flatAed')),
      flatInr: amountOrNull(form.get('flatInr')),
      maxDiscountAed: amountOrNull(form.get('maxDiscountAed')),
      maxDiscountInr: amountOrNull(form.get('maxDiscountInr')),
      minCartAed: amountOrNull(form.get('minCartAed')) ?? 0,
      minCartInr: amountOrNull(form.get('minCartInr')) ?? 0,
      validFrom: new Date(`${String(form.get('validFrom'))}T00:00:00Z`).toISOString(),
      validTo: new Date(`${String(form.get('validTo'))}T23:59:59Z`).toISOString(),
      oncePerTraveller: form.get('oncePerTraveller') === 'on',
      firstBookingOnly: form.get('firstBookingOnly') === 'on',
      tripTypeId: numberOrNull(form.get('tripTypeId')),
      travelWithinDays: numberOrNull(form.get('travelWithinDays')),
      paymentMethod: (textOrNull(form.get('paymentMethod')) as CouponRules['paymentMethod']) ?? null,
      paymentBank: textOrNull(form.get('paymentBank')),
      packageIds: form.getAll('packageIds').map(Number),
      cityIds: form.getAll('cityIds').map(Number),
    };
    if (!form.get('validFrom') || !form.get('validTo')) return onDone('Choose Valid from and Valid to.', false);
    const amounts = [rules.flatAed, rules.flatInr, rules.maxDiscountAed, rules.maxDiscountInr, rules.minCartAed];
    if ([...amounts, rules.minCartInr].some((a) => a !== null && Number.isNaN(a)))
      return onDone('Write each amount as a number of dirhams or rupees, e.g. 150 or 1,299.50.', false);
    setBusy(true);
    const answer = coupon
      ? await adminApi(updateCouponCall, { params: { id: coupon.id }, body: rules })
      : await adminApi(createCouponCall, { body: rules });
    setBusy(false);
    onDone(answer.message, answer.ok);
  };
  const c = coupon;
  return (
    <form
      className="admin-form"
      aria-label={c ? `Edit coupon ${c.code}` : 'New coupon'}
      onSubmit={(e) => void submit(e)}
      key={c?.id ?? 'new'}
      ref={focusFirstField}
    >
      <h2>{c ? `Edit coupon ${c.code}` : 'New coupon'}</h2>
      <label htmlFor={f('code')}>Code</label>
      <input id={f('code')} name="code" required pattern="[A-Za-z0-9\-]{3,30}" defaultValue={c?.code ?? ''} />
      <label htmlFor={f('title')}>Title</label>
      <input id={f('title')} name="title" required maxLength={200} defaultValue={c?.title ?? ''} />
      <label htmlFor={f('description')}>Description</label>
      <textarea
        id={f('description')}
        name="description"
        required
        rows={2}
        maxLength={2000}
        defaultValue={c?.description ?? ''}
      />
      <label htmlFor={f('terms')}>Terms (one a line)</label>
      <textarea id={f('terms')} name="terms" rows={3} defaultValue={c?.terms.join('\n') ?? ''} />
      <label htmlFor={f('categoryId')}>Category</label>
      <select id={f('categoryId')} name="categoryId" defaultValue={c?.categoryId ?? options.categories[0]?.id}>
        {options.categories.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      <label htmlFor={f('pageName')}>Promoted on page</label>
      <input id={f('pageName')} name="pageName" required defaultValue={c?.pageName ?? 'coupons'} />
      <label htmlFor={f('site')}>Site</label>
      <select id={f('site')} name="site" defaultValue={c?.site ?? ''}>
        <option value="">Both sites</option>
        <option value="UAE">UAE</option>
        <option value="IN">India</option>
      </select>
      <label htmlFor={f('discountType')}>Discount</label>
      <select id={f('discountType')} name="discountType" defaultValue={c?.discountType ?? 'percent'}>
        <option value="percent">Percent</option>
        <option value="flat">Flat amount</option>
      </select>
      <label htmlFor={f('percent')}>Percent</label>
      <input id={f('percent')} name="percent" type="number" min={1} max={100} defaultValue={c?.percent ?? ''} />
      <label htmlFor={f('flatAed')}>Flat amount, AED</label>
      <input id={f('flatAed')} name="flatAed" inputMode="decimal" defaultValue={typedAmount(c?.flatAed)} />
      <label htmlFor={f('flatInr')}>Flat amount, rupees</label>
      <input id={f('flatInr')} name="flatInr" inputMode="decimal" defaultValue={typedAmount(c?.flatInr)} />
      <label htmlFor={f('maxDiscountAed')}>Cap, AED (empty: none)</label>
      <input
        id={f('maxDiscountAed')}
        name="maxDiscountAed"
        inputMode="decimal"
        defaultValue={typedAmount(c?.maxDiscountAed)}
      />
      <label htmlFor={f('maxDiscountInr')}>Cap, rupees (empty: none)</label>
      <input
        id={f('maxDiscountInr')}
        name="maxDiscountInr"
        inputMode="decimal"
        defaultValue={typedAmount(c?.maxDiscountInr)}
      />
      <label htmlFor={f('minCartAed')}>Minimum booking, AED</label>
      <input
        id={f('minCartAed')}
        name="minCartAed"
        inputMode="decimal"
        defaultValue={typedAmount(c?.minCartAed ?? 0)}
      />
      <label htmlFor={f('minCartInr')}>Minimum booking, rupees</label>
      <input
        id={f('minCartInr')}
        name="minCartInr"
        inputMode="decimal"
        defaultValue={typedAmount(c?.minCartInr ?? 0)}
      />
      <label htmlFor={f('validFrom')}>Valid from</label>
      <input id={f('validFrom')} name="validFrom" type="date" required defaultValue={c ? day(c.validFrom) : ''} />
      <label htmlFor={f('validTo')}>Valid to</label>
      <input id={f('validTo')} name="validTo" type="date" required defaultValue={c ? day(c.validTo) : ''} />
      <label className="admin-check">
        <input type="checkbox" name="oncePerTraveller" defaultChecked={c?.oncePerTraveller ?? false} /> Once per
        traveller
      </label>
      <label className="admin-check">
        <input type="checkbox" name="firstBookingOnly" defaultChecked={c?.firstBookingOnly ?? false} /> First booking
        only
      </label>
      <label htmlFor={f('tripTypeId')}>Trip type</label>
      <select id={f('tripTypeId')} name="tripTypeId" defaultValue={c?.tripTypeId ?? ''}>
        <option value="">Any</option>
        {options.tripTypes.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      <label htmlFor={f('travelWithinDays')}>Travel within days of booking (empty: any time)</label>
      <input
        id={f('travelWithinDays')}
        name="travelWithinDays"
        type="number"
        min={1}
        max={730}
        defaultValue={c?.travelWithinDays ?? ''}
      />
      <label htmlFor={f('paymentMethod')}>Way to pay</label>
      <select id={f('paymentMethod')} name="paymentMethod" defaultValue={c?.paymentMethod ?? ''}>
        <option value="">Any</option>
        <option value="card">Card</option>
        <option value="netbanking">Net banking</option>
        <option value="upi">UPI</option>
      </select>
      <label htmlFor={f('paymentBank')}>Bank (cards and net banking only)</label>
      <input id={f('paymentBank')} name="paymentBank" maxLength={100} defaultValue={c?.paymentBank ?? ''} />
      <p id={f('limits')}>
        Only for these destinations and packages (none chosen: any holiday). Hold Ctrl or ⌘ to choose several.
      </p>
      <label htmlFor={f('cityIds')}>Destinations</label>
      <select
        id={f('cityIds')}
        name="cityIds"
        multiple
        size={5}
        aria-describedby={f('limits')}
        defaultValue={(c?.cityIds ?? []).map(String)}
      >
        {options.destinations.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      <label htmlFor={f('packageIds')}>Packages</label>
      <select
        id={f('packageIds')}
        name="packageIds"
        multiple
        size={6}
        aria-describedby={f('limits')}
        defaultValue={(c?.packageIds ?? []).map(String)}
      >
        {options.packages.map((x) => (
          <option key={x.id} value={x.id}>
            {x.title}
          </option>
        ))}
      </select>
      <FormButtons busy={busy} save={c ? 'Save the coupon' : 'Create the coupon'} onCancel={onCancel} />
    </form>
  );
}

function Coupons() {
  const {
    data: list,
    error,
    notice,
    editing,
    setEditing,
    done,
  } = useEditableList<AdminCouponList, AdminCoupon | 'new'>(listCouponsCall);
  const toggle = async (c: AdminCoupon) => {
    const answer = await adminApi(c.disabledAt ? enableCouponCall : disableCouponCall, { params: { id: c.id } });
    done(answer.message, answer.ok);
  };
  return (
    <>
      <ListMessages error={error} notice={notice} />
      <p>
        <button type="button" onClick={() => setEditing('new')}>
          New coupon
        </button>
      </p>
      {list && editing ? (
        <CouponForm
          coupon={editing === 'new' ? null : editing}
          options={list}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {list === null ? (
        <p role="status">{error ? '' : 'Loading the coupons…'}</p>
      ) : (
        <CardTable
          label="Coupons"
          caption="Coupons and their use"
          columns={[
            { label: 'Code', cell: (c) => c.code },
            {
              label: 'Title',
              cell: (c) => (
                <>
                  {c.title}
                  {c.packageIds.length + c.cityIds.length ? ' (for some holidays only)' : ''}
                </>
              ),
            },
            { label: 'Site', cell: (c) => c.site ?? 'Both' },
            { label: 'Discount', cell: (c) => discountText(c) },
            {
              label: 'Valid',
              cell: (c) => (
                <>
                  {day(c.validFrom)} to {day(c.validTo)}
                </>
              ),
            },
            { label: 'State', cell: (c) => (c.disabledAt ? 'Disabled' : c.live ? 'Live' : 'Not in its dates') },
            {
              label: 'Used',
              cell: (c) =>
                c.usage.length === 0
                  ? 'Not used'
                  : c.usage.map((u) => (
                      <span key={u.site}>
                        {u.site}: {u.bookings} {u.bookings === 1 ? 'booking' : 'bookings'},{' '}
                        {formatMinor(u.discount, u.currency)} off
                        {u.cancelled ? ` (${u.cancelled} cancelled)` : ''}
                        <br />
                      </span>
                    )),
            },
            {
              label: 'Change',
              cell: (c) => (
                <>
                  {c.userId === null ? (
                    <button type="button" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                      Edit
                    </button>
                  ) : (
                    'Personal coupon '
                  )}{' '}
                  <button
                    type="button"
                    onClick={() => void toggle(c)}
                    aria-label={`${c.disabledAt ? 'Enable' : 'Disable'} ${c.code}`}
                  >
                    {c.disabledAt ? 'Enable' : 'Disable'}
                  </button>
                </>
              ),
            },
          ]}
          items={list.items}
          rowKey={(c) => c.id}
          rowTestId={(c) => `coupon-${c.code}`}
          rowHeader
        />
      )}
    </>
  );
}

export default function Page() {
  return (
    <>
      <title>Coupons · Back office</title>
      <h1>Coupons</h1>
      <RequireStaff action="catalogue.edit">{() => <Coupons />}</RequireStaff>
    </>
  );
}
