import type { AdminBanner, NewBanner } from '../../../contract/promotions.ts';
import {
  createBannerCall,
  listBannersCall,
  orderBannersCall,
  updateBannerCall,
} from '../../../contract/admin-promotions-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';
import { ListMessages, useEditableList } from '../edit-list.tsx';
import { PromoForm, type PromoSend } from '../promo-form.tsx';
import { fromLocal, localInput, MoveButtons, moved, PromoTabs, shown } from '../promo-order.tsx';
import { PictureField } from '../promo-picture.tsx';

/** A new banner (its picture uploaded first), or one banner's edit (a new picture optional). */
function BannerForm({
  banner,
  onDone,
  onCancel,
}: {
  banner: AdminBanner | null;
  onDone: (message: string, ok: boolean) => void;
  onCancel: () => void;
}) {
  const read = (form: FormData): PromoSend => {
    const site = String(form.get('site') ?? '');
    const created: Pick<NewBanner, 'bannerType'> = {
      bannerType: String(form.get('bannerType')) as NewBanner['bannerType'],
    };
    const fields: Omit<NewBanner, 'bannerType' | 'image'> = {
      title: String(form.get('title') ?? ''),
      subtitle: String(form.get('subtitle') ?? ''),
      link: String(form.get('link') ?? ''),
      site: site === 'UAE' || site === 'IN' ? site : null,
      startsAt: fromLocal(form.get('startsAt')),
      endsAt: fromLocal(form.get('endsAt')),
    };
    return (picture, key) =>
      banner
        ? adminApi(updateBannerCall, {
            params: { id: banner.id },
            body: { ...fields, ...(picture ? { image: picture } : {}) },
          })
        : adminApi(createBannerCall, {
            body: { ...fields, image: picture ?? '', ...created },
            headers: { 'idempotency-key': key },
          });
  };
  return (
    <PromoForm kind="banner" record={banner} read={read} onDone={onDone} onCancel={onCancel}>
      {(id) => (
        <>
          {banner ? null : (
            <>
              <label htmlFor={`${id}-type`}>Page</label>
              <select id={`${id}-type`} name="bannerType" defaultValue="home">
                <option value="home">Home</option>
                <option value="holidays">Holidays</option>
                <option value="deals">Deals</option>
              </select>
            </>
          )}
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} name="title" required maxLength={200} defaultValue={banner?.title ?? ''} />
          <label htmlFor={`${id}-subtitle`}>Subtitle</label>
          <input id={`${id}-subtitle`} name="subtitle" maxLength={300} defaultValue={banner?.subtitle ?? ''} />
          <PictureField id={`${id}-picture`} kind="banner" current={banner?.image ?? null} />
          <label htmlFor={`${id}-link`}>Link (a path such as /deals, or https://…)</label>
          <input id={`${id}-link`} name="link" required defaultValue={banner?.link ?? ''} />
          <label htmlFor={`${id}-site`}>Site</label>
          <select id={`${id}-site`} name="site" defaultValue={banner?.site ?? ''}>
            <option value="">Both sites</option>
            <option value="UAE">UAE</option>
            <option value="IN">India</option>
          </select>
          <label htmlFor={`${id}-starts`}>Starts (empty: at once)</label>
          <input
            id={`${id}-starts`}
            name="startsAt"
            type="datetime-local"
            defaultValue={localInput(banner?.startsAt ?? null)}
          />
          <label htmlFor={`${id}-ends`}>Ends (empty: no end)</label>
          <input
            id={`${id}-ends`}
            name="endsAt"
            type="datetime-local"
            defaultValue={localInput(banner?.endsAt ?? null)}
          />
        </>
      )}
    </PromoForm>
  );
}

function Banners() {
  const { data, error, notice, editing, setEditing, done } = useEditableList<
    { items: AdminBanner[] },
    AdminBanner | 'new'
  >(listBannersCall);
  const items = data?.items ?? null;
  // Banners are ordered within their page (home, holidays …).
  const move = async (b: AdminBanner, by: -1 | 1) => {
    if (!items) return;
    const same = items.filter((x) => x.bannerType === b.bannerType).map((x) => x.id);
    const answer = await adminApi(orderBannersCall, { body: { ids: moved(same, b.id, by) } });
    done(answer.message, answer.ok);
  };
  const types = items ? [...new Set(items.map((b) => b.bannerType))] : [];
  return (
    <>
      <PromoTabs />
      <ListMessages error={error} notice={notice} />
      <p>
        <button type="button" onClick={() => setEditing('new')}>
          New banner
        </button>
      </p>
      {editing ? (
        <BannerForm banner={editing === 'new' ? null : editing} onDone={done} onCancel={() => setEditing(null)} />
      ) : null}
      {items === null ? <p role="status">{error ? '' : 'Loading the banners…'}</p> : null}
      {types.map((type) => {
        const rows = items!.filter((b) => b.bannerType === type);
        const columns: CardColumn<AdminBanner>[] = [
          { label: 'Banner', cell: (b) => b.title },
          { label: 'Site', cell: (b) => b.site ?? 'Both' },
          { label: 'Link', cell: (b) => <span className="admin-break">{b.link}</span> },
          { label: 'Starts', cell: (b) => (b.startsAt ? shown(b.startsAt) : 'At once') },
          { label: 'Ends', cell: (b) => (b.endsAt ? shown(b.endsAt) : 'No end') },
          { label: 'State', cell: (b) => (b.live ? 'Live' : 'Not live') },
          {
            label: 'Order',
            cell: (b) => (
              <MoveButtons
                label={b.title}
                first={b.id === rows[0]?.id}
                last={b.id === rows[rows.length - 1]?.id}
                onMove={(by) => void move(b, by)}
              />
            ),
          },
          {
            label: 'Edit',
            cell: (b) => (
              <button type="button" onClick={() => setEditing(b)} aria-label={`Edit ${b.title}`}>
                Edit
              </button>
            ),
          },
        ];
        return (
          <CardTable
            key={type}
            label={`Banners of the ${type} page`}
            caption={<>Banners of the {type} page, in order</>}
            columns={columns}
            items={rows}
            rowKey={(b) => b.id}
            rowHeader
          />
        );
      })}
    </>
  );
}

export default function Page() {
  return (
    <>
      <title>Banners · Back office</title>
      <h1>Banners</h1>
      <RequireStaff action="catalogue.edit">{() => <Banners />}</RequireStaff>
    </>
  );
}
