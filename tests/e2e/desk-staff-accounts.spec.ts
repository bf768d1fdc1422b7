import { expect, test } from '@playwright/test';
import { gotoInteractive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * Staff accounts through the calls declared in contract/admin-staff-calls.ts (decision 0111): an
 * owner resets a member's sign-in from the staff list and gets the new set-up link, and on My
 * account sees their session and is told in words when the current password is wrong.
 */

test('an owner resets a member’s sign-in, sees their own session and a wrong current password refused', async ({
  browser,
}) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desk.newPage();
  await signedInStaff(desk.request, 'owner');
  const member = await signedInStaff((await browser.newContext()).request, 'catalogue');

  await gotoInteractive(page, '/admin/staff');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Reset sign-in of ${member.email}` }).click();
  // The e2e server has a mail server: the link is mailed, not shown.
  await expect(page.getByRole('status').filter({ hasText: 'Sign-in reset' })).toContainText(
    `${member.email}'s sessions have ended and a new set-up link is mailed to them`,
  );

  await gotoInteractive(page, '/admin/account');
  await expect(page.getByRole('list', { name: 'Signed-in sessions' })).toContainText('(this session)');
  await expect(page.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  await page.getByLabel('Current password').fill('not my password at all');
  await page.getByLabel(/^New password \(at least/).fill('another long password');
  await page.getByLabel('New password again').fill('another long password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'current password' })).toContainText(
    'Your current password is not right',
  );
  await desk.close();
});
