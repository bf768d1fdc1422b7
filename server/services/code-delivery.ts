import type { IdentifierKind } from '../../contract/account.ts';
import type { Mailer } from './mail.ts';
import type { OtpPurpose } from './otp.ts';

/** Sends a text message. Only a development implementation exists: it writes to the log. */
export interface SmsProvider {
  readonly live: boolean;
  send(to: string, text: string): Promise<void>;
}

export function logSmsProvider(log: { info(obj: object, msg?: string): void }): SmsProvider {
  return {
    live: false,
    async send(to, text) {
      log.info({ sms: { to }, text }, 'SMS not sent (development SMS provider)');
    },
  };
}

const WHAT: Record<OtpPurpose, { subject: string; intro: string }> = {
  signup: { subject: 'your sign-up code', intro: 'Use this code to finish creating your Wanderlust Holidays account' },
  reset: { subject: 'your password reset code', intro: 'Use this code to set a new password for your Wanderlust Holidays account' },
};

/** Sends a one-time code by mail or by text message, depending on what the traveller gave us. */
export async function deliverCode(
  channels: { mailer: Mailer; sms: SmsProvider },
  to: { kind: IdentifierKind; value: string },
  purpose: OtpPurpose,
  code: string,
) {
  const what = WHAT[purpose];
  if (to.kind === 'phone') {
    await channels.sms.send(to.value, `${code} is ${what.subject} for Wanderlust Holidays. It expires in 10 minutes. Never share it.`);
    return;
  }
  await channels.mailer.send({
    to: to.value,
    subject: `${code} is ${what.subject}`,
    text: [
      'Hello,',
      '',
      `${what.intro}:`,
      '',
      `    ${code}`,
      '',
      'The code works once and expires in 10 minutes.',
      'If you did not ask for it, you can ignore this mail: nothing changes without the code.',
      '',
      'Wanderlust Holidays',
    ].join('\n'),
  });
}
