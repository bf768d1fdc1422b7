import { useId, useState, type FormEvent } from 'react';
import type { AdminDeal } from '../../../contract/promotions.ts';
import { adminCall } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { FormButtons, ListMessages, useEditableList } from '../edit-list.tsx';
import { fromLocal, localInput, MoveButtons, moved, PromoTabs, shown } from '../promo-order.tsx';

function DealForm({ deal, onDone, onCancel }: { deal: AdminDeal; onDone: (message: string, ok: boolean) => void; onCancel: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const validTo = fromLocal(form.get('validTo'));
    if (!validTo) return onDone('Choose when the deal ends.', false);
    setBusy(true);
    const answer = await adminCall<AdminDeal>('POST', `deals/${deal.id}`, {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      discountPercent: Number(form.get('discountPercent')),
      startsAt: fromLocal(form.get('startsAt')),
      validTo,
    });
    setBusy(false);
    onDone(answer.message, answer.ok);
  };
  return (
    <form className="admin-form" aria-label={`Edit deal ${deal.title}`} onSubmit={(e) => void submit(e)} key={deal.id}>
      <h2>Edit deal</h2>
      <label htmlFor={`${id}-title`}>Title</label>
      <input id={`${id}-title`} name="title" required maxLength={200} defaultValue={deal.title} />
      <label htmlFor={`${id}-description`}>Description</label>
      <textarea id={`${id}-description`} name="description" required rows={3} maxLength={2000} defaultValue={deal.description} />
      <label htmlFor={`${id}-percent`}>Discount, percent</label>
      <input id={`${id}-percent`} name="discountPercent" type="number" min={0} max={90} required defaultValue={deal.discountPercent} />
      <label htmlFor={`${id}-starts`}>Starts (empty: at once)</label>
      <input id={`${id}-starts`} name="startsAt" type="datetime-local" defaultValue={localInput(deal.startsAt)} />
      <label htmlFor={`${id}-ends`}>Ends</label>
      <input id={`${id}-ends`} name="validTo" type="datetime-local" required defaultValue={localInput(deal.validTo)} />
      <FormButtons busy={busy} save="Save the deal" onCancel={onCancel} />
    </form>
  );
}

function Deals() {
  const { data, error, notice, editing, setEditing, done } = useEditableList<{ items: AdminDeal[] }, AdminDeal>('deals');
  const items = data?.items ?? null;
  const move = async (id: number, by: -1 | 1) => {
    if (!items) return;
    const answer = await adminCall<{ items: AdminDeal[] }>('POST', 'deals/order', { ids: moved(items.map((d) => d.id), id, by) });
    done(answer.message, answer.ok);
  };
  return (
    <>
      <PromoTabs />
      <ListMessages error={error} notice={notice} />
      {editing ? <DealForm deal={editing} onDone={done} onCancel={() => setEditing(null)} /> : null}
      {items === null ? (
        <p role="status">{error ? '' : 'Loading the deals…'}</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Deals">
          <table className="admin-table">
            <caption>Deals in the order the shop shows them</caption>
            <thead>
              <tr>
                <th scope="col">Deal</th>
                <th scope="col">Category</th>
                <th scope="col">Discount</th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col">State</th>
                <th scope="col">Order</th>
                <th scope="col">Edit</th>
              </tr>
            </thead>
            <tbody>
              {items.map((d, i) => (
                <tr key={d.id}>
                  <th scope="row" className="admin-break">
                    {d.title}
                  </th>
                  <td>{d.category}</td>
                  <td>{d.discountPercent}%</td>
                  <td>{d.startsAt ? shown(d.startsAt) : 'At once'}</td>
                  <td>{shown(d.validTo)}</td>
                  <td>{d.live ? 'Live' : 'Not live'}</td>
                  <td>
                    <MoveButtons label={d.title} first={i === 0} last={i === items.length - 1} onMove={(by) => void move(d.id, by)} />
                  </td>
                  <td>
                    <button type="button" onClick={() => setEditing(d)} aria-label={`Edit ${d.title}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
