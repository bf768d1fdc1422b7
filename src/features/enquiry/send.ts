import type { ApiCall, CallParams } from '../../../contract/api.ts';
import type { Site } from '../../../contract/site.ts';
import { NetworkError } from '../../lib/api-client.ts';
import { reportAnswered, reportNoAnswer } from '../../lib/reachability.ts';
import { track } from '../../lib/analytics.ts';
import { shopDb } from '../../lib/db.ts';
import { queueEnquiry } from '../../lib/sync/enquiry-queue.ts';
import { currentCartIdentity } from '../cart/cart-identity.ts';
import { registerBackgroundSync, requestSync } from '../cart/sync-runner.ts';

/** What the server answered, as it answered it (the exit popup reads the status itself, spec §4). */
export interface RawEnvelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

export const OFFLINE_QUEUED =
  'You are offline. Your details are saved on this device and will be sent as soon as you are back online.';
export const OFFLINE_WITH_FILE =
  'You are offline. A message with an attachment cannot wait: please try again when you are back online.';

/**
 * No network at all. A traveller who presses send gets a real attempt whenever the phone has a
 * network, even if an earlier request went unanswered (the banner's rule, lib/reachability.ts, is
 * for what the page shows, not for whether to try).
 */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Success as the spec reads it: status 'success' in any case, or true. */
export function isSuccessStatus(status: unknown): boolean {
  return status === true || (typeof status === 'string' && status.toLowerCase() === 'success');
}

function toQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** POSTs an enquiry as JSON and hands back the envelope, whatever its status. Throws NetworkError without an answer. */
export async function postEnquiry<C extends ApiCall>(
  c: C,
  params: CallParams<C>,
  site: Site,
  idempotencyKey = crypto.randomUUID(),
): Promise<RawEnvelope> {
  let res: Response;
  try {
    res = await fetch(`/api/Common/${c.path}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Country: site,
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(params),
      credentials: 'same-origin',
    });
  } catch {
    reportNoAnswer();
    throw new NetworkError();
  }
  reportAnswered();
  try {
    return (await res.json()) as RawEnvelope;
  } catch {
    return { status: 'error', message: undefined };
  }
}

/**
 * POSTs a multipart enquiry (params in the query, the file as a part) with XMLHttpRequest, whose
 * upload events tell how far the file has gone. Resolves with the envelope; NetworkError without one.
 */
export function uploadEnquiry(
  c: ApiCall,
  params: Record<string, unknown>,
  form: FormData,
  site: Site,
  onProgress: (fraction: number) => void,
): Promise<RawEnvelope> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/Common/${c.path}${toQuery(params)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Country', site);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      onProgress(1);
      try {
        resolve(JSON.parse(xhr.responseText) as RawEnvelope);
      } catch {
        resolve({
          status: 'error',
          message: xhr.status === 413 ? undefined : `The server could not answer (${xhr.status}). Please try again.`,
        });
      }
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.ontimeout = () => reject(new NetworkError());
    xhr.send(form);
  });
}

/** Keeps an enquiry in the outbox; the sync engine sends it (once) when the network is back. */
export async function queueOffline(
  c: ApiCall,
  params: Record<string, unknown>,
  site: Site,
  id?: string,
): Promise<void> {
  await queueEnquiry(shopDb(), { path: c.path, params, site, owner: currentCartIdentity().owner, id });
  void requestSync();
  void registerBackgroundSync();
}

export type Outcome =
  { kind: 'sent'; message: string } | { kind: 'queued'; message: string } | { kind: 'refused'; message: string };

/**
 * Sends a JSON enquiry; offline (or when the request gets no answer) it waits in the outbox and
 * the traveller is told so. A refusal carries the server's message.
 */
export async function submitEnquiry<C extends ApiCall>(
  c: C,
  params: CallParams<C>,
  site: Site,
  lead: string,
): Promise<Outcome> {
  // One key for this enquiry, online or queued: a retry after a lost answer is a replay.
  const key = crypto.randomUUID();
  const queue = async (): Promise<Outcome> => {
    await queueOffline(c, params as Record<string, unknown>, site, key);
    return { kind: 'queued', message: OFFLINE_QUEUED };
  };
  if (isOffline()) return queue();
  let env: RawEnvelope;
  try {
    env = await postEnquiry(c, params, site, key);
  } catch (err) {
    if (err instanceof NetworkError) return queue();
    throw err;
  }
  return outcomeOf(env, site, lead);
}

export function outcomeOf(env: RawEnvelope, site: Site, lead: string): Outcome {
  const message = typeof env.message === 'string' && env.message ? env.message : '';
  if (isSuccessStatus(env.status)) {
    track('generate_lead', { form: lead, site });
    return { kind: 'sent', message: message || 'Thank you! We will be in touch shortly.' };
  }
  return { kind: 'refused', message: message || 'Submission failed.' };
}
