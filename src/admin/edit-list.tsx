import { useCallback, useEffect, useState } from 'react';
import { adminCall, type AdminListCall } from './admin-api.ts';

/**
 * A list staff edit in place (coupons, deals, banners, departures): the answer of `GET <path>`,
 * the item being edited, and the page's messages. `done(message, ok)` is what every form and
 * row action calls with the server's answer: a success closes the form, says so and reloads the
 * list; a refusal keeps the form open and shows the server's words.
 */
export function useEditableList<T, E>(source: string | AdminListCall<T>) {
  // A declared list call (decision 0111) has no path parameters: its path is its URL.
  const path = typeof source === 'string' ? source : source.path;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<E | null>(null);
  const load = useCallback(async () => {
    const answer = await adminCall<T>('GET', path);
    if (!answer.ok) return setError(answer.message);
    setData(answer.data);
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  const done = (message: string, ok: boolean) => {
    if (ok) {
      setNotice(message);
      setError('');
      setEditing(null);
      void load();
    } else {
      setError(message);
      setNotice('');
    }
  };
  return { data, error, notice, editing, setEditing, done };
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
