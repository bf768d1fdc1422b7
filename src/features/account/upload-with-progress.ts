import { ApiError, NetworkError, currentSite } from '../../lib/api-client.ts';

/**
 * Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). Unwraps
 * the envelope like callApi: the server's message becomes the error's.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  opts: { token?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Country', currentSite());
    if (opts.token) xhr.setRequestHeader('Authorization', `Bearer ${opts.token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let body: { status?: string; message?: string; data?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        reject(new ApiError(`The server could not answer (${xhr.status}). Please try again.`, 'error', xhr.status));
        return;
      }
      if (xhr.status >= 400 || body.status === 'error') {
        reject(
          new ApiError(
            body.message || 'Something went wrong. Please try again.',
            'error',
            xhr.status,
            body.data ?? null,
          ),
        );
        return;
      }
      opts.onProgress?.(1);
      resolve(body.data as T);
    };
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
