import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Request } from 'autocannon';
import { percentile } from './http.ts';

/**
 * Concurrent shoppers, each a loop on its own kept-alive connection: ask, wait for the answer,
 * think a while (exponentially distributed, like people), ask the next thing on their list. Unlike
 * a closed loop at full speed, the load is what that many people make; unlike autocannon's rate
 * limit (each second's quota sent at once), arrivals are spread out, so the latencies are the
 * server's and not a queue of the generator's making.
 */
export interface ShoppersResult {
  requests: number;
  perSecond: number;
  errors: number;
  /** Latency percentiles (ms) over all requests, and by kind (the first word of each request's label). */
  p50: number;
  p99: number;
  byKind: Record<string, { count: number; p50: number; p99: number }>;
  refusals: Record<string, number>;
}

export async function runShoppers(opts: {
  origin: string;
  shoppers: number;
  seconds: number;
  thinkMs: number;
  headers: Record<string, string>;
  /** Each shopper's list, walked in a loop from a point of its own; `kind` labels the request. */
  list: (Request & { kind: string })[];
}): Promise<ShoppersResult> {
  const url = new URL(opts.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.shoppers });
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const refusals: Record<string, number> = {};
  let errors = 0;
  const until = performance.now() + opts.seconds * 1000;

  const send = (request: Request, context: Record<string, unknown>) =>
    new Promise<number>((resolve) => {
      const made = request.setupRequest ? request.setupRequest({ ...request }, context) : request;
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: made.path,
          method: made.method ?? 'GET',
          agent,
          headers: { ...opts.headers, ...made.headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('error', () => resolve(0));
      req.setTimeout(10_000, () => req.destroy());
      req.end(made.body);
    });

  const shopper = async (n: number) => {
    const context: Record<string, unknown> = {};
    let i = Math.floor((n * opts.list.length) / opts.shoppers);
    // Start at different moments, as people do.
    await new Promise((r) => setTimeout(r, Math.random() * opts.thinkMs * 2));
    while (performance.now() < until) {
      const request = opts.list[i++ % opts.list.length]!;
      const started = performance.now();
      const status = await send(request, context);
      const took = performance.now() - started;
      latencies.push(took);
      const kind = byKind.get(request.kind) ?? [];
      kind.push(took);
      byKind.set(request.kind, kind);
      if (status < 200 || status >= 300) {
        errors++;
        const key = `${request.kind} ${status}`;
        refusals[key] = (refusals[key] ?? 0) + 1;
      }
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * opts.thinkMs));
    }
  };

  const started = performance.now();
  await Promise.all(Array.from({ length: opts.shoppers }, (_, n) => shopper(n)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    errors,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    byKind: Object.fromEntries(
      [...byKind].map(([kind, values]) => {
        values.sort((a, b) => a - b);
        return [
          kind,
          { count: values.length, p50: Math.round(percentile(values, 50)), p99: Math.round(percentile(values, 99)) },
        ];
      }),
    ),
    refusals,
  };
}
