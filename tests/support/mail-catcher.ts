import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

export interface MailCatcher {
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Mails whose DATA is being read or waits for its answer (`answerDelayMs`): not in `mails` yet. */
  receiving(): number;
  /**
   * The latest mail to `to` that arrives after `since` mails were already caught (with `subject`:
   * the latest with that subject; mail sent by the outbox may arrive after a later change's).
   */
  waitFor(to: string, opts?: { since?: number; timeoutMs?: number; subject?: string | RegExp }): Promise<CaughtMail>;
  /** The 6-digit code in a mail's subject. */
  codeOf(mail: CaughtMail): string;
  close(): Promise<void>;
}

/**
 * A local SMTP server that keeps every mail it is given (no TLS, no auth: tests only).
 * `answerDelayMs`: a slow mail server, which answers each mail's DATA that long after it came (the
 * mail is kept, in `mails`, when it is answered: accepted).
 */
export async function startMailCatcher(port = 0, opts: { answerDelayMs?: number } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      receiving++;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: raw.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '',
        };
        const accept = () => {
          receiving--;
          mails.push(mail);
          waiters.splice(0).forEach((w) => w());
          callback();
        };
        if (opts.answerDelayMs) setTimeout(accept, opts.answerDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    receiving: () => receiving,
    async waitFor(to, opts = {}) {
      const since = opts.since ?? 0;
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      for (;;) {
        const subject = opts.subject;
        const found = mails
          .slice(since)
          .filter(
            (m) =>
              m.to.includes(to.toLowerCase()) &&
              (subject === undefined ||
                (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))),
          )
          .at(-1);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no mail to ${to}${opts.subject ? ` with the subject ${String(opts.subject)}` : ''} within the time allowed`,
          );
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    codeOf(mail) {
      const code = mail.subject.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code in the subject "${mail.subject}"`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain body of a raw mail, its transfer encoding (quoted-printable, base64) undone. */
export function mailText(raw: string): string {
  return mailPart(raw, 'text/plain');
}

/** The HTML part of a raw mail, decoded ('' when it has none). */
export function mailHtml(raw: string): string {
  return mailPart(raw, 'text/html');
}

/** The first part of `type` in a raw mail, looked for through nested multiparts (mixed → alternative), decoded. */
function mailPart(raw: string, type: 'text/plain' | 'text/html'): string {
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/);
    const head = entity.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
    return { header, body: entity.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const find = (entity: string): ReturnType<typeof split> | null => {
    const part = split(entity);
    const contentType = part.header('Content-Type');
    const boundary = /^multipart\//i.test(contentType) ? /boundary="?([^";]+)"?/i.exec(contentType)?.[1] : undefined;
    if (!boundary)
      return contentType === ''
        ? type === 'text/plain'
          ? part
          : null
        : new RegExp(`^${type}`, 'i').test(contentType)
          ? part
          : null;
    for (const p of part.body.split(`--${boundary}`).map((x) => x.replace(/^\r?\n/, ''))) {
      if (p.startsWith('--') || !p.trim()) continue;
      const found = find(p);
      if (found) return found;
    }
    return null;
  };
  const part = find(raw);
  if (!part) return '';
  const encoding = part.header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}
