import type { IdentifierKind } from '../../contract/account.ts';
import type { Mailer } from './mail.ts';
import type { OtpPurpose } from './otp.ts';
import type { SmsProvider } from './sms.ts';

const WHAT: Record<OtpPurpose, { subject: string; intro: string }> = {
  signup: { subject: 'your sign-up code', intro: 'Use this code to finish creating your Wanderlust Holidays account' },
  reset: {
    subject: 'your password reset code',
    intro: 'Use this code to set a new password for your Wanderlust Holidays account',
  },
};

/**
 * Sends a one-time code by mail or by text message, depending on what the traveller gave us. A
 * phone number needs an SMS provider (sendCode refuses one before a code is made without it).
 */
export async function deliverCode(
  channels: { mailer: Mailer; sms: SmsProvider | null },
  to: { kind: IdentifierKind; value: string },
  purpose: OtpPurpose,
  code: string,
) {
  const what = WHAT[purpose];
  if (to.kind === 'phone') {
    if (!channels.sms) throw new Error('no SMS provider for a code to a phone');
    await channels.sms.send(
      to.value,
      `${code} is ${what.subject} for Wanderlust Holidays. It expires in 10 minutes. Never share it.`,
    );
    return;
  }
  await channels.mailer.send({
    containsCode: true,
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
