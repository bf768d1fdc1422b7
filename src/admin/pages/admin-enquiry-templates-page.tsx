import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TEMPLATE_PLACEHOLDERS, type ReplyTemplate } from '../../../contract/enquiry-replies.ts';
import {
  addTemplateCall,
  deleteTemplateCall,
  editTemplateCall,
  listTemplatesCall,
} from '../../../contract/admin-enquiry-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { SiteFilter } from '../admin-table.tsx';
import { CardTable, type CardColumn } from '../desk/card-table.tsx';
import { FormButtons, ListMessages } from '../edit-list.tsx';

/*
 * The enquiry reply templates of a site (docs/decisions/0101): listed by name with the first line
 * of their text and when they last changed, added, edited and deleted (with a confirmation naming
 * the template) through /api/admin/enquiry-templates. A table on a wide screen, cards under 600 px
 * (CardTable, docs/decisions/0104). Focus goes to the saved template's Edit button after a save,
 * to the list's heading after a delete, and back to the opening button when a form is closed.
 */

type Site = ReplyTemplate['site'];
const SITE_NAMES: Record<Site, string> = { UAE: 'UAE', IN: 'India' };
const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
const firstLine = (text: string) => {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};
const editButtonId = (id: number) => `template-edit-${id}`;
const deleteButtonId = (id: number) => `template-delete-${id}`;

/** A new template, or one template's edit. */
function TemplateForm({
  site,
  template,
  onSaved,
  onRefused,
  onCancel,
}: {
  site: Site;
  template: ReplyTemplate | null;
  onSaved: (saved: ReplyTemplate, message: string) => void;
  onRefused: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const fields = { name: String(form.get('name') ?? ''), body: String(form.get('body') ?? '') };
    setBusy(true);
    const answer = template
      ? await adminApi(editTemplateCall, { params: { id: template.id }, body: fields })
      : await adminApi(addTemplateCall, { body: { site, ...fields } });
    setBusy(false);
    if (answer.ok) onSaved(answer.data, answer.message);
    else onRefused(answer.message);
  };
  const title = template ? `Edit “${template.name}”` : `New template for ${SITE_NAMES[site]}`;
  return (
    <form className="admin-form admin-panel" aria-label={title} onSubmit={(e) => void submit(e)}>
      <h2>{title}</h2>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        ref={nameInput}
        id={`${id}-name`}
        name="name"
        required
        maxLength={80}
        defaultValue={template?.name ?? ''}
      />
      <label htmlFor={`${id}-body`}>Text</label>
      <textarea
        id={`${id}-body`}
        name="body"
        required
        maxLength={10000}
        rows={7}
        defaultValue={template?.body ?? ''}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} style={{ margin: 0 }}>
        Filled in from the enquiry when the template is chosen: {TEMPLATE_PLACEHOLDERS.join(', ')}.
      </p>
      <p className="desk-row-actions">
        <FormButtons busy={busy} save={template ? 'Save the template' : 'Add the template'} onCancel={onCancel} />
      </p>
    </form>
  );
}

/** The confirmation before a delete: it names the template; "Keep it" has the focus. */
function DeleteConfirm({
  template,
  onDeleted,
  onRefused,
  onCancel,
}: {
  template: ReplyTemplate;
  onDeleted: (message: string) => void;
  onRefused: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const remove = async () => {
    setBusy(true);
    const answer = await adminApi(deleteTemplateCall, { params: { id: template.id } });
    setBusy(false);
    if (answer.ok) onDeleted(answer.message);
    else onRefused(answer.message);
  };
  return (
    <div className="admin-panel" role="group" aria-labelledby={`${id}-q`}>
      <h2 id={`${id}-q`}>Delete the template “{template.name}”?</h2>
      <p>It goes for everyone on this site. Replies already sent with it keep their text.</p>
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
        <button type="button" disabled={busy} onClick={() => void remove()}>
          Yes, delete “{template.name}”
        </button>
        <button ref={keep} type="button" onClick={onCancel} style={{ background: '#fff', color: '#0f5f59' }}>
          Keep it
        </button>
      </p>
    </div>
  );
}

type Open =
  { kind: 'new' } | { kind: 'edit'; template: ReplyTemplate } | { kind: 'delete'; template: ReplyTemplate } | null;

function Templates() {
  const [params, setParams] = useSearchParams();
  const site: Site = params.get('site') === 'IN' ? 'IN' : 'UAE';
  const [items, setItems] = useState<ReplyTemplate[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<Open>(null);
  // After a save or delete, the element to focus once the list has been read again.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const listHeading = useId();

  const load = useCallback(async () => {
    const answer = await adminApi(listTemplatesCall, { query: { site } });
    if (!answer.ok) return setError(answer.message);
    setItems(answer.data.items);
  }, [site]);
  useEffect(() => {
    setItems(null);
    setOpen(null);
    void load();
  }, [load]);
  useEffect(() => {
    if (!focusNext || items === null) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext, items]);

  // A form or confirmation opened clears the last success, so the next one is announced again.
  const begin = (next: Open) => {
    setNotice('');
    setOpen(next);
  };
  const close = (back: string) => {
    setOpen(null);
    setFocusNext(back);
  };
  const refused = (message: string) => {
    setNotice('');
    setError(message);
  };
  const succeeded = async (message: string, focus: string) => {
    setError('');
    setNotice(message);
    setOpen(null);
    await load();
    setFocusNext(focus);
  };
  const chooseSite = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = String(new FormData(e.currentTarget).get('site') ?? '');
    setParams(next === 'IN' ? { site: 'IN' } : { site: 'UAE' });
    setError('');
    setNotice('');
  };

  const columns: CardColumn<ReplyTemplate>[] = [
    { label: 'Name', cell: (t) => <strong className="admin-break">{t.name}</strong> },
    { label: 'Begins', cell: (t) => firstLine(t.body) },
    { label: 'Last changed', cell: (t) => when(t.updatedAt) },
    {
      label: 'Actions',
      cell: (t) => (
        <span className="desk-row-actions">
          <button
            id={editButtonId(t.id)}
            type="button"
            aria-label={`Edit “${t.name}”`}
            onClick={() => begin({ kind: 'edit', template: t })}
          >
            Edit
          </button>
          <button
            id={deleteButtonId(t.id)}
            type="button"
            aria-label={`Delete “${t.name}”`}
            onClick={() => begin({ kind: 'delete', template: t })}
            style={{ background: '#fff', color: '#b91c1c', borderColor: '#b91c1c' }}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <form className="admin-form admin-inline" aria-label="Which site’s templates" onSubmit={chooseSite} key={site}>
        <SiteFilter value={site} both={false} />
        <button type="submit">Show</button>
      </form>
      <ListMessages error={error} notice={notice} />
      <p>
        <button id="template-new" type="button" onClick={() => begin({ kind: 'new' })}>
          New template
        </button>
      </p>
      {open?.kind === 'new' ? (
        <TemplateForm
          key={`new-${site}`}
          site={site}
          template={null}
          onSaved={(t, m) => void succeeded(m, editButtonId(t.id))}
          onRefused={refused}
          onCancel={() => close('template-new')}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <TemplateForm
          key={`edit-${open.template.id}`}
          site={site}
          template={open.template}
          onSaved={(t, m) => void succeeded(m, editButtonId(t.id))}
          onRefused={refused}
          onCancel={() => close(editButtonId(open.template.id))}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteConfirm
          key={`delete-${open.template.id}`}
          template={open.template}
          onDeleted={(m) => void succeeded(m, listHeading)}
          onRefused={refused}
          onCancel={() => close(deleteButtonId(open.template.id))}
        />
      ) : null}
      <h2 id={listHeading} tabIndex={-1}>
        {SITE_NAMES[site]} templates
      </h2>
      {items === null ? (
        <p role="status">{error ? '' : 'Loading the templates…'}</p>
      ) : items.length ? (
        <CardTable
          columns={columns}
          items={items}
          label={`${SITE_NAMES[site]} reply templates`}
          caption={`Reply templates of the ${SITE_NAMES[site]} site, by name`}
          rowKey={(t) => t.id}
          rowTestId={(t) => `template-${t.id}`}
        />
      ) : (
        <p>This site has no templates: add one.</p>
      )}
    </>
  );
}

export default function AdminEnquiryTemplatesPage() {
  return (
    <>
      <title>Reply templates · Back office</title>
      <h1>Reply templates</h1>
      <RequireStaff action="enquiries.work">{() => <Templates />}</RequireStaff>
    </>
  );
}
