import type { AdminDeal, AdminDealList, NewDeal } from '../../../contract/promotions.ts';
import {
  createDealCall,
  listDealsCall,
  orderDealsCall,
  updateDealCall,
} from '../../../contract/admin-promotions-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable } from '../desk/card-table.tsx';
import { ListMessages, useEditableList } from '../edit-list.tsx';
import { PromoForm, type PromoSend } from '../promo-form.tsx';
import { fromLocal, localInput, MoveButtons, moved, PromoTabs, shown } from '../promo-order.tsx';
import { PictureField } from '../promo-picture.tsx';

/** A new deal (its picture uploaded first), or one deal's edit (a new picture optional). */
function DealForm({
  deal,
  options,
  onDone,
  onCancel,
}: {
  deal: AdminDeal | null;
  options: AdminDealList;
  onDone: (message: string, ok: boolean) => void;
  onCancel: () => void;
}) {
  const read = (form: FormData): PromoSend | string => {
    const validTo = fromLocal(form.get('validTo'));
    if (!validTo) return 'Choose when the deal ends.';
    const packageId = String(form.get('packageId') ?? '');
    const created: Pick<NewDeal, 'categoryId' | 'packageId'> = {
      categoryId: Number(form.get('categoryId')),
      packageId: packageId ? Number(packageId) : null,
    };
    const fields = {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      discountPercent: Number(form.get('discountPercent')),
      startsAt: fromLocal(form.get('startsAt')),
      validTo,
    };
    return (picture, key) =>
      deal
        ? adminApi(updateDealCall, {
            params: { id: deal.id },
            body: { ...fields, ...(picture ? { image: picture } : {}) },
          })
        : adminApi(createDealCall, {
            body: { ...fields, image: picture ?? '', ...created },
            headers: { 'idempotency-key': key },
          });
  };
  return (
    <PromoForm kind="deal" record={deal} read={read} onDone={onDone} onCancel={onCancel}>
      {(id) => (
        <>
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} name="title" required maxLength={200} defaultValue={deal?.title ?? ''} />
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            name="description"
            required
            rows={3}
            maxLength={2000}
            defaultValue={deal?.description ?? ''}
          />
          <PictureField id={`${id}-picture`} kind="deal" current={deal?.image ?? null} />
          {deal ? null : (
            <>
              <label htmlFor={`${id}-category`}>Category</label>
              <select id={`${id}-category`} name="categoryId" defaultValue={options.categories[0]?.id}>
                {options.categories.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-package`}>Package (its price shows with the discount)</label>
              <select id={`${id}-package`} name="packageId" defaultValue="">
                <option value="">None</option>
                {options.packages.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.title}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${id}-percent`}>Discount, percent</label>
          <input
            id={`${id}-percent`}
            name="discountPercent"
            type="number"
            min={0}
            max={90}
            required
            defaultValue={deal?.discountPercent ?? ''}
          />
          <label htmlFor={`${id}-starts`}>Starts (empty: at once)</label>
          <input
            id={`${id}-starts`}
            name="startsAt"
            type="datetime-local"
            defaultValue={localInput(deal?.startsAt ?? null)}
          />
          <label htmlFor={`${id}-ends`}>Ends</label>
          <input
            id={`${id}-ends`}
            name="validTo"
            type="datetime-local"
            required
            defaultValue={localInput(deal?.validTo ?? null)}
          />
        </>
      )}
    </PromoForm>
  );
}

function Deals() {
  const { data, error, notice, editing, setEditing, done } = useEditableList<AdminDealList, AdminDeal | 'new'>(
    listDealsCall,
  );
  const items = data?.items ?? null;
  const move = async (id: number, by: -1 | 1) => {
    if (!items) return;
    const answer = await adminApi(orderDealsCall, {
      body: {
        ids: moved(
          items.map((d) => d.id),
          id,
          by,
        ),
      },
    });
    done(answer.message, answer.ok);
  };
  return (
    <>
      <PromoTabs />
      <ListMessages error={error} notice={notice} />
      <p>
        <button type="button" onClick={() => setEditing('new')}>
          New deal
        </button>
      </p>
      {data && editing ? (
        <DealForm
          deal={editing === 'new' ? null : editing}
          options={data}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {items === null ? (
        <p role="status">{error ? '' : 'Loading the deals…'}</p>
      ) : (
        <CardTable
          label="Deals"
          caption="Deals in the order the shop shows them"
          columns={[
            { label: 'Deal', cell: (d) => d.title },
            { label: 'Category', cell: (d) => d.category },
            { label: 'Discount', cell: (d) => `${d.discountPercent}%` },
            { label: 'Starts', cell: (d) => (d.startsAt ? shown(d.startsAt) : 'At once') },
            { label: 'Ends', cell: (d) => shown(d.validTo) },
            { label: 'State', cell: (d) => (d.live ? 'Live' : 'Not live') },
            {
              label: 'Order',
              cell: (d) => (
                <MoveButtons
                  label={d.title}
                  first={d.id === items[0]?.id}
                  last={d.id === items[items.length - 1]?.id}
                  onMove={(by) => void move(d.id, by)}
                />
              ),
            },
            {
              label: 'Edit',
              cell: (d) => (
                <button type="button" onClick={() => setEditing(d)} aria-label={`Edit ${d.title}`}>
                  Edit
                </button>
              ),
            },
          ]}
          items={items}
          rowKey={(d) => d.id}
          rowHeader
        />
      )}
    </>
  );
}

export default function Page() {
  return (
    <>
      <title>Deals · Back office</title>
      <h1>Deals</h1>
      <RequireStaff action="catalogue.edit">{() => <Deals />}</RequireStaff>
    </>
  );
}
