import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError, NetworkError } from '../../lib/api-client.ts';

/** The server's message as written, or a plain one for anything else. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError || err instanceof NetworkError) return err.message;
  return 'Something went wrong. Please try again.';
}

export function Field({
  label,
  hint,
  children,
  id,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="acc-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field label={label} hint={hint} id={id}>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </Field>
  );
}

/** A password with a show/hide switch (no third-party widget). */
export function PasswordField({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} hint={hint} id={id}>
      <div className="password-wrap">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...input}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
    </Field>
  );
}

export function Steps({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol className="acc-steps" aria-label="Steps">
      {steps.map((s, i) => (
        <li key={s} aria-current={i === current ? 'step' : undefined} className={i < current ? 'done' : undefined}>
          {s}
        </li>
      ))}
    </ol>
  );
}
