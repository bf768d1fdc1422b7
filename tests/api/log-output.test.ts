import Fastify from 'fastify';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logTransport } from '../../server/lib/log-output.ts';

describe('log output', () => {
  it('is JSON when nobody watches a terminal', () => {
    expect(logTransport({ isTTY: false })).toBeUndefined();
    expect(logTransport({})).toBeUndefined();
  });

  it('is readable lines at a terminal, through pino-pretty', async () => {
    const transport = logTransport({ isTTY: true })!;
    expect(transport.target).toBe('pino-pretty');
    // The same transport, writing to a file instead of the terminal, as the server would.
    const file = join(mkdtempSync(join(tmpdir(), 'log-output-')), 'log.txt');
    const app = Fastify({
      logger: {
        level: 'info',
        transport: { ...transport, options: { ...transport.options, destination: file, colorize: false } },
      },
    });
    app.log.info({ port: 8080 }, 'Wanderlust Holidays is open');
    let text = '';
    await expect
      .poll(() => {
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          text = '';
        }
        return text;
      })
      .toContain('Wanderlust Holidays is open');
    await app.close();
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: Wanderlust Holidays is open\n\s+port: 8080/);
    expect(text.trimStart().startsWith('{')).toBe(false);
  });
});
