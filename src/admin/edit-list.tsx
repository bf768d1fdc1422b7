import { useState } from 'react';
import { adminPath } from '../../contract/admin-api.ts';
import type { AdminListCall } from './admin-api.ts';
import { useAdminData } from './admin-data.ts';

/**
 * A list staff edit in place (coupons, deals, banners, staff, departures): the answer of its declared list call (with
 * its path parameters), the item being edited, and the page's messages. `done(message, ok)` is what every form and
 * row action calls with the server's answer: a success closes the form, says so and reloads the list; a refusal keeps
 * the form open and shows the server's words.
 */
export function useEditableList<T, E>(call: AdminListCall<T>, params: Record<string, unknown> = {}) {
  const list = useAdminData<T>(adminPath(call.path, params));
  const [actionError, setActionError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<E | null>(null);
  const done = (message: string, ok: boolean) => {
    if (ok) {
      setNotice(message);
      setActionError('');
      setEditing(null);
      void list.reload();
    } else {
      setActionError(message);
      setNotice('');
    }
  };
  return { data: list.data, error: actionError || list.error, notice, editing, setEditing, done };
}

/**
 * A form's ref when a row's Edit (or New) opens it above the list: its first field takes the focus, so on a phone the
 * form is scrolled to rather than left out of sight above a long list. A function of its own, so React calls it only
 * when the form is mounted (each form is keyed by its record).
 */
export function focusFirstField(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('input, select, textarea')?.focus();
}

/** The page's refusal (read out at once) and its last success. */
export function ListMessages({ error, notice }: { error: string; notice: string }) {
  return (
    <>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{notice}</p>
    </>
  );
}

/** A form's two buttons: save (disabled while it is sent) and close. */
export function FormButtons({ busy, save, onCancel }: { busy: boolean; save: string; onCancel: () => void }) {
  return (
    <>
      <button type="submit" disabled={busy}>
        {save}
      </button>
      <button type="button" onClick={onCancel}>
        Close
      </button>
    </>
  );
}
