// Global setup of the browser tests: a local SMTP server that keeps every mail the app sends (the
// app's SMTP_URL points at it, see playwright.config.ts), and a small HTTP reader so the tests,
// which run in other processes, can read what arrived. Started for every run, so any test that
// makes the app send mail finds a server listening.
import { createServer } from 'node:http';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { e2eMailPorts } from './mail-ports.ts';

export default async function mailCatcherSetup() {
  const { smtp, reader } = e2eMailPorts();
  const mail = await startMailCatcher(smtp);
  const http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mail.mails));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(reader, '127.0.0.1', () => resolve());
  });
  return async () => {
    await new Promise((resolve) => http.close(resolve));
    await mail.close();
  };
}
