import { describe, expect, it } from 'vitest';
import { deliverCode } from '../../server/services/code-delivery.ts';
import { createMailer } from '../../server/services/mail.ts';

/** Whatever the mailer writes to the log, as text. */
function capture() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (obj: object, msg?: string) => void lines.push(`${msg ?? ''} ${JSON.stringify(obj)}`) },
  };
}

describe('mail without an SMTP server', () => {
  it('never writes a one-time code to the log outside npm run dev', async () => {
    for (const NODE_ENV of ['production', 'test'] as const) {
      const { lines, log } = capture();
      await deliverCode(
        {
          mailer: createMailer({ SMTP_URL: undefined, SMTP_FROM: 'x <x@wanderlust.example.com>', NODE_ENV }, log),
          sms: null,
        },
        { kind: 'email', value: 'asha@gmail.com' },
        'reset',
        '482913',
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('asha@gmail.com');
      expect(lines[0]).not.toContain('482913');
    }
  });

  it('writes the whole mail under NODE_ENV=development, so a developer can sign up', async () => {
    const { lines, log } = capture();
    await deliverCode(
      {
        mailer: createMailer(
          { SMTP_URL: undefined, SMTP_FROM: 'x <x@wanderlust.example.com>', NODE_ENV: 'development' },
          log,
        ),
        sms: null,
      },
      { kind: 'email', value: 'asha@gmail.com' },
      'signup',
      '482913',
    );
    expect(lines.join('\n')).toContain('482913 is your sign-up code');
  });

  it('writes other mail (enquiries) to the log as before', async () => {
    const { lines, log } = capture();
    await createMailer(
      { SMTP_URL: undefined, SMTP_FROM: 'x <x@wanderlust.example.com>', NODE_ENV: 'production' },
      log,
    ).send({ to: 'sales@wanderlust.example.com', subject: 'Contact enquiry #4', text: 'Hello' });
    expect(lines.join('\n')).toMatch(/Contact enquiry #4[\s\S]*Hello/);
  });
});
