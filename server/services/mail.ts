import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
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

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM'>, log: Log): Mailer {
  const url = config.SMTP_URL;
  if (!url) {
    return {
      live: false,
      async send(m) {
        // No SMTP server configured: the message is written to the log so development still works.
        log.info(
          { mail: { to: m.to, subject: m.subject, attachments: m.attachments?.map((a) => a.filename) ?? [] }, text: m.text },
          'mail not sent (SMTP_URL is not set)',
        );
      },
    };
  }
  return {
    live: true,
    async send(m) {
      await transportFor(url).sendMail({ from: config.SMTP_FROM, ...m });
    },
  };
}
