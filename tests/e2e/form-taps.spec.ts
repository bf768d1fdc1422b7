import { expect, test, type Locator, type Page } from '@playwright/test';
import { leaveThroughTop, popup, withQueryModalSeen } from './enquiry-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * Issue 15, item 1: a click is a press and a release on the same element. If a form's error or
 * status line appears or clears while the button is pressed (the press blurs the field, the blur
 * changes the message), the button moves away before the release and the click is lost. Every
 * test here corrects a field and then clicks the real button once, with the mouse, as a traveller
 * does (Playwright's click presses and releases at the button's centre, so a moving button loses
 * the click here too), and expects the request to go.
 */

const INVALID_PHONE = 'Please enter a valid phone number.';

/** The button's place on the screen. */
/** Where a button is once its dialog has stopped moving (it rises in for 0.2 s when it opens). */
const boxOf = async (button: Locator) => {
  await button.evaluate((el) =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => el.getBoundingClientRect()),
  );
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  return { x: Math.round(box!.x), y: Math.round(box!.y) };
};

/** One click with the mouse, and the request it must send (a lost click times out). */
async function clickSends(page: Page, button: Locator, path: string) {
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/Common/${path}`, { timeout: 5_000 });
  await button.click();
  return sent;
}

test.describe('dialogs (desktop, where the issue was seen)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('exit popup: the phone corrected after its blur error, then one click on Call Me Now! sends', async ({
    page,
  }) => {
    await withQueryModalSeen(page, '/');
    await leaveThroughTop(page);
    const dialog = popup(page);
    await expect(dialog).toBeVisible();
    const button = dialog.getByRole('button', { name: 'Call Me Now!' });
    const phone = dialog.getByLabel('Phone Number', { exact: true });
    await dialog.getByLabel('Full name').fill('Sara Ali');
    await dialog.getByLabel('Email ID').fill('sara.ali@gmail.com');
    const before = await boxOf(button);

    // Leaving the field with a bad number shows the error (spec §5, "also checked on blur")...
    await phone.fill('12');
    await dialog.getByLabel('Full name').focus();
    await expect(dialog.getByRole('alert')).toHaveText(INVALID_PHONE);
    // ...in a line whose room is kept: the button has not moved.
    expect(await boxOf(button)).toEqual(before);

    // Corrected, the cursor still in the field: the press on the button blurs it.
    await phone.fill('501234567');
    const request = await clickSends(page, button, 'SubmitExitPageEnquiry');
    expect(request.postDataJSON()).toMatchObject({
      FullName: 'Sara Ali',
      MobileCountryCode: '+971',
      MobileNo: '501234567',
    });
    await expect(dialog).toHaveCount(0);
  });

  test('call-back modal: corrected after its error, one click sends', async ({ page }) => {
    await gotoInteractive(page, '/contact');
    await page.getByRole('button', { name: 'Get a call back' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Get a call back' });
    const button = modal.getByRole('button', { name: 'Request a call back' });
    await modal.getByLabel('Email or phone').fill('priya.nair@gmail.com');
    await modal.getByLabel('Full name').fill('Priya Nair');
    await modal.getByLabel('Phone', { exact: true }).fill('50');
    await button.click();
    await expect(modal.getByRole('alert')).toHaveText(INVALID_PHONE);
    await modal.getByLabel('Phone', { exact: true }).fill('501234567');
    await clickSends(page, button, 'SaveHomePageEnquiryPopup');
    await expect(modal.getByRole('status')).toHaveText('Thank you! Our travel expert will call you back.');
  });
});

test.describe('enquiry forms on pages (phone size)', () => {
  test('contact form: corrected after its error, one click sends; the error line keeps its room', async ({ page }) => {
    await gotoInteractive(page, '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    const button = form.getByRole('button', { name: 'Send message' });
    await form.getByLabel('First name').fill('Aisha');
    await form.getByLabel('Email').fill('aisha.rahman@gmail.com');
    await form.getByLabel('Phone number', { exact: true }).fill('5012');
    await form.getByLabel('Enquiry type').selectOption('Holiday package');
    await form.getByLabel('Message').fill('Two weeks in Bali in March, please.');
    const before = await boxOf(button);
    await button.click();
    await expect(form.getByRole('alert')).toHaveText(INVALID_PHONE);
    expect(await boxOf(button)).toEqual(before);
    await form.getByLabel('Phone number', { exact: true }).fill('501234567');
    await clickSends(page, button, 'SubmitContactUs');
    await expect(form.getByRole('status')).toHaveText(/Thank you for contacting us/);
  });

  test('package enquiry and itinerary: corrected after their errors, one click each sends', async ({
    page,
    request,
  }) => {
    const featured = await (await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1')).json();
    await gotoInteractive(page, `/holidays/${featured.data.packages[0].slug}`);

    const enquiry = page.getByRole('region', { name: 'Ask about this holiday' });
    await enquiry.scrollIntoViewIfNeeded();
    const send = enquiry.getByRole('button', { name: 'Send enquiry' });
    await expect(send).toBeVisible();
    await enquiry.getByLabel('Full name').fill('Rohan Mehta');
    await enquiry.getByLabel('Email').fill('rohan.mehta@gmail.com');
    await enquiry.getByLabel('Phone number', { exact: true }).fill('12345');
    await send.click();
    await expect(enquiry.getByRole('alert')).toHaveText(INVALID_PHONE);
    await enquiry.getByLabel('Phone number', { exact: true }).fill('501234567');
    await clickSends(page, send, 'SubmitEnquiryForm');
    await expect(enquiry.getByRole('status')).toHaveText(/Thank you for your enquiry/);

    const itinerary = page.getByRole('form', { name: 'Take the plan with you' });
    const download = itinerary.getByRole('button', { name: 'Download itinerary' });
    await itinerary.getByLabel('Full name').fill('Rohan Mehta');
    await itinerary.getByLabel('Email').fill('rohan.mehta@gmail.com');
    await itinerary.getByLabel(/^Phone/).fill('+971 12');
    await download.click();
    await expect(itinerary.getByRole('alert')).toHaveText(INVALID_PHONE);
    await itinerary.getByLabel(/^Phone/).fill('+971 50 123 4567');
    const downloaded = page.waitForEvent('download');
    await clickSends(page, download, 'Holiday/Downloaditinaryform');
    expect((await downloaded).suggestedFilename()).toMatch(/-itinerary\.pdf$/);
  });
});

test.describe('account forms (phone size)', () => {
  test('log in: the password given after its error, one click sends', async ({ page }) => {
    await gotoInteractive(page, '/login');
    const button = page.getByRole('button', { name: 'Log in' });
    await page.getByLabel('Email or mobile number').fill('someone.new@gmail.com');
    const before = await boxOf(button);
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('Enter your password.');
    expect(await boxOf(button)).toEqual(before);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await clickSends(page, button, 'Login');
    await expect(page.getByRole('alert')).toHaveText('Invalid email/mobile or password.');
  });

  for (const { path, what } of [
    { path: '/signup', what: 'ValidateSignUp' },
    { path: '/in/forgot-password', what: 'SendForgetPasswordOTP' },
  ]) {
    test(`${path}: the address corrected after its error, one click on Send code sends`, async ({ page }) => {
      await gotoInteractive(page, path);
      const button = page.getByRole('button', { name: 'Send code' });
      await page.getByLabel('Email or mobile number').fill('nobody-at-all');
      await button.click();
      await expect(page.getByRole('alert')).toHaveText(/^Enter your email address, or your mobile number/);
      await page.getByLabel('Email or mobile number').fill('nobody-at-all@gmail.com');
      await clickSends(page, button, what);
    });
  }
});
