import { request, type Agent } from 'node:http';

/**
 * A JSON POST on node:http's own client, answered as status and text. The benches' clients share
 * the machine they measure: with fetch (undici's WHATWG streams) the client itself used about 4 ms
 * of CPU a call, a third of what the server and Postgres used between them, and so slowed what it
 * measured.
 */
export function post(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The p-th percentile of values sorted ascending (nearest rank), 0 for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
