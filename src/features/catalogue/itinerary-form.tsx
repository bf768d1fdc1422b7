import { useId, useState, type FormEvent } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { ITINERARY_PATH, ItineraryError, itineraryFileName, requestItinerary, saveBlob } from './itinerary-download.ts';

/**
 * `Download itinerary`: name, email and phone (international), posted as multipart; the server
 * answers the PDF, which is saved through an object URL. Without JavaScript the browser posts the
 * form and saves the attachment itself. The shared validation (with the phone metadata) loads
 * only when the form is sent, so the package page stays light.
 */
export function ItineraryForm({ slug }: { slug: string }) {
  const { site } = useSite();
  const dialCode = site === 'IN' ? '+91' : '+971';
  const id = useId();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    data.set('Url', location.href);
    setState({ kind: 'busy' });
    try {
      const { itineraryFormParamsSchema, validateItineraryForm } = await import('../../../contract/itinerary.ts');
      const problem = validateItineraryForm(itineraryFormParamsSchema.parse(Object.fromEntries(data)));
      if (problem) {
        setState({ kind: 'error', message: problem });
        return;
      }
    } catch {
      // The check could not load (offline): the server checks the same rules.
    }
    try {
      saveBlob(await requestItinerary(data, site), itineraryFileName(slug));
      setState({ kind: 'done' });
    } catch (err) {
      setState({
        kind: 'error',
        message: err instanceof ItineraryError ? err.message : 'We could not prepare the itinerary. Please try again.',
      });
    }
  }

  return (
    <form
      className="itinerary-form"
      method="post"
      action={ITINERARY_PATH}
      encType="multipart/form-data"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Take the plan with you</h2>
      <p className="itinerary-form-lead">
        Get the day-by-day itinerary as a PDF, with inclusions and today’s price. All fields are required.
      </p>
      <input type="hidden" name="PackageSlug" value={slug} />
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
            Phone <span className="field-optional">with country code</span>
          </span>
          <input
            name="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={24}
            defaultValue={`${dialCode} `}
          />
        </label>
      </div>
      <button type="submit" className="button button-primary" disabled={state.kind === 'busy'}>
        {state.kind === 'busy' ? 'Preparing PDF…' : 'Download itinerary'}
      </button>
      <FormMessages
        error={state.kind === 'error' ? state.message : null}
        status={state.kind === 'done' ? 'Your itinerary is downloading.' : null}
      />
    </form>
  );
}
