import { useId, useState, type FormEvent } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { ITINERARY_PATH, ItineraryError, itineraryFileName, requestItinerary, saveBlob } from './itinerary-download.ts';

/**
 * `Download itinerary`: name and email (phone optional), posted as multipart; the server answers
 * the PDF, which is saved through an object URL. Without JavaScript the browser posts the form.
 */
export function ItineraryForm({ packageId, slug }: { packageId: number; slug: string }) {
  const { site } = useSite();
  const id = useId();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('FullName') ?? '').trim();
    const email = String(data.get('Email') ?? '').trim();
    if (!name || !email) {
      setState({ kind: 'error', message: 'Please enter your name and email.' });
      return;
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setState({ kind: 'error', message: 'Please enter a valid email address.' });
      return;
    }
    setState({ kind: 'busy' });
    try {
      saveBlob(await requestItinerary(data, site), itineraryFileName(slug));
      setState({ kind: 'done' });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ItineraryError ? err.message : 'We could not prepare the itinerary. Please try again.' });
    }
  }

  return (
    <form className="itinerary-form" method="post" action={ITINERARY_PATH} encType="multipart/form-data" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Take the plan with you</h2>
      <p className="itinerary-form-lead">Get the day-by-day itinerary as a PDF, with inclusions and today’s price.</p>
      <input type="hidden" name="PackageId" value={packageId} />
      <input type="hidden" name="Slug" value={slug} />
      <div className="form-grid">
        <label className="form-field">
          <span>Full name</span>
          <input name="FullName" type="text" autoComplete="name" required maxLength={100} />
        </label>
        <label className="form-field">
          <span>Email</span>
          <input name="Email" type="email" autoComplete="email" inputMode="email" required maxLength={200} />
        </label>
        <label className="form-field">
          <span>
            Phone <span className="field-optional">(optional)</span>
          </span>
          <input name="PhoneNumber" type="tel" autoComplete="tel" inputMode="tel" maxLength={20} />
        </label>
      </div>
      <button type="submit" className="button button-primary" disabled={state.kind === 'busy'}>
        {state.kind === 'busy' ? 'Preparing PDF…' : 'Download itinerary'}
      </button>
      {state.kind === 'error' ? (
        <p className="notice notice-error form-status" role="alert">
          {state.message}
        </p>
      ) : null}
      <p className="form-status" role="status">
        {state.kind === 'done' ? 'Your itinerary is downloading.' : null}
      </p>
    </form>
  );
}
