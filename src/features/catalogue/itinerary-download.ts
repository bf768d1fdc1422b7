/*
 * Download itinerary: POST Holiday/Downloaditinaryform (multipart) answers the itinerary as a PDF;
 * an error answers the usual JSON envelope.
 */

export const ITINERARY_PATH = '/api/Common/Holiday/Downloaditinaryform';

export class ItineraryError extends Error {}

/** A file name a traveller recognises, safe on every system. */
export function itineraryFileName(slug: string): string {
  const safe =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'holiday';
  return `${safe}-itinerary.pdf`;
}

/** Sends the form and returns the PDF, or throws ItineraryError with a message to show. */
export async function requestItinerary(form: FormData, site: string, fetchImpl: typeof fetch = fetch): Promise<Blob> {
  let res: Response;
  try {
    res = await fetchImpl(ITINERARY_PATH, {
      method: 'POST',
      body: form,
      headers: { Country: site, Accept: 'application/pdf, application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ItineraryError('You appear to be offline. Connect to the internet to download the itinerary.');
  }
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && type.includes('application/pdf')) return res.blob();
  let message = 'We could not prepare the itinerary. Please try again.';
  if (type.includes('json')) {
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // keep the default
    }
  }
  throw new ItineraryError(message);
}

/** Hands the PDF to the traveller as a download (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
