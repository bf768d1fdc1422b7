import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminAnswer } from './admin-api.ts';
import { focusFirstField, FormButtons } from './edit-list.tsx';
import { newFormKey, uploadChosenPicture } from './promo-picture.tsx';

/**
 * What a deal's or banner's form sends, once its picture is uploaded: the edit or the new record
 * (with the picture's path, null when none was chosen, and the form's Idempotency-Key).
 */
export type PromoSend = (picture: string | null, key: string) => Promise<AdminAnswer<unknown>>;

/**
 * A new deal or banner (its picture uploaded first), or one's edit (a new picture optional): the
 * form, its picture upload and its Idempotency-Key are the same for both; `read` turns the form
 * into its call (or a refusal in words, before anything is sent) and `children` draws the fields.
 */
export function PromoForm({
  kind,
  record,
  read,
  onDone,
  onCancel,
  children,
}: {
  kind: 'deal' | 'banner';
  record: { id: number; title: string } | null;
  read: (form: FormData) => PromoSend | string;
  onDone: (message: string, ok: boolean) => void;
  onCancel: () => void;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // One key until an answer comes (a double click is one deal or banner); a refused form gets a new one.
  const [key, setKey] = useState(newFormKey);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const send = read(form);
    if (typeof send === 'string') return onDone(send, false);
    setBusy(true);
    const picture = await uploadChosenPicture(kind, form);
    if (!picture.ok) {
      setBusy(false);
      return onDone(picture.message, false);
    }
    const answer = await send(picture.path, key);
    if (!record) setKey(newFormKey());
    setBusy(false);
    onDone(answer.message, answer.ok);
  };
  return (
    <form
      className="admin-form"
      aria-label={record ? `Edit ${kind} ${record.title}` : `New ${kind}`}
      onSubmit={(e) => void submit(e)}
      key={record?.id ?? 'new'}
      ref={focusFirstField}
    >
      <h2>{record ? `Edit ${kind}` : `New ${kind}`}</h2>
      {children(id)}
      <FormButtons busy={busy} save={record ? `Save the ${kind}` : `Create the ${kind}`} onCancel={onCancel} />
    </form>
  );
}
