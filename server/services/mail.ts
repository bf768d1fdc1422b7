import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (the text part is always sent too). */
  html?: string;
  replyTo?: string;
  /** A one-time code is in it: never written to a log, except under NODE_ENV=development. */
  containsCode?: boolean;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** Where mail goes: the SMTP server of SMTP_URL, or the log when it is unset (development). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly live: boolean;
}

interface Log {
  info(obj: object, msg?: string): void;
}

const transports = new Map<string, Transporter>();

/** One pooled transport per SMTP_URL, shared by every caller (accounts, enquiries, notices). */
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'NODE_ENV'>, log: Log): Mailer {
  const url = config.SMTP_URL;
  if (!url) {
    return {
      live: false,
      async send(m) {
        // No SMTP server (never on a public address: config.ts refuses to start). A code in a log
        // would let whoever reads it into the account, so only `npm run dev` writes one there.
        if (m.containsCode && config.NODE_ENV !== 'development') {
          log.info({ mail: { to: m.to } }, 'mail with a one-time code not sent (SMTP_URL is not set)');
          return;
        }
        log.info(
          {
            mail: { to: m.to, subject: m.subject, attachments: m.attachments?.map((a) => a.filename) ?? [] },
            text: m.text,
          },
          'mail not sent (SMTP_URL is not set)',
        );
      },
    };
  }
  return {
    live: true,
    async send({ containsCode: _code, ...m }) {
      await transportFor(url).sendMail({ from: config.SMTP_FROM, ...m });
    },
  };
}
