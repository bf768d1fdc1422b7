import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { gotoInteractive } from './page-helpers.ts';
import { deskMenu, signedInStaff } from './staff-helpers.ts';

/*
 * The desk's reply templates at 390 px (docs/decisions/0101, 0104): an agent opens "Reply
 * templates" from the menu, switches to India, adds a template, edits it, chooses it in the reply
 * form of an India enquiry (its placeholders filled) and sends the reply, then deletes it after a
 * confirmation that names it; axe finds nothing at 390 and 1280 px. A role without enquiries.work
 * has no link and is not let in.
 */

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('at 390 px an agent adds, edits, uses and deletes an India reply template; a catalogue editor cannot open the page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });

  // An India package enquiry, through the shop's call.
  const headers = { country: 'IN' };
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers })
  ).json();
  const pkg = featured.data.packages[0] as { id: number; title: string; slug: string };
  const email = `templates-${Date.now()}@example.com`;
  const sent = await page.request.post('/api/Common/SubmitEnquiryForm', {
    headers,
    data: {
      PackageId: pkg.id,
      PackageSlug: pkg.slug,
      PackageTitle: pkg.title,
      FullName: 'Priya Menon',
      Email: email,
      PhoneNumber: '+919812345678',
      Adults: 2,
      Message: 'Do you help with visas?',
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const enquiryId = (await sent.json()).data.EnquiryId as number;

  await signedInStaff(page.request, 'agent');
  await gotoInteractive(page, '/admin');
  await (await deskMenu(page)).getByRole('link', { name: 'Reply templates' }).click();
  await expect(page.getByRole('heading', { name: 'Reply templates', level: 1 })).toBeVisible();
  await page.getByRole('form', { name: 'Which site’s templates' }).getByLabel('Site').selectOption('IN');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/site=IN/);
  const list = page.getByRole('region', { name: 'India reply templates' });
  await expect(list).toBeVisible({ timeout: 20_000 });

  // Add: the new template's card shows its name and first line; focus lands on its Edit button.
  const name = `Visa help ${Date.now()}`;
  await page.getByRole('button', { name: 'New template' }).click();
  const add = page.getByRole('form', { name: 'New template for India' });
  await expect(add.getByLabel('Name')).toBeFocused();
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Text').fill('Dear {name}, we arrange visas for {package}.\nSend us your passport copy.');
  await add.getByRole('button', { name: 'Add the template' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Template saved.' })).toBeVisible({ timeout: 20_000 });
  const card = list.getByRole('row').filter({ hasText: name });
  await expect(card).toContainText('Dear {name}, we arrange visas for {package}.');
  await expect(card).not.toContainText('passport');
  await expect(card).toHaveCSS('display', 'block');
  await expect(card.getByRole('button', { name: `Edit “${name}”` })).toBeFocused();
  // The same name again is refused in the server's words.
  await page.getByRole('button', { name: 'New template' }).click();
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Text').fill('Another');
  await add.getByRole('button', { name: 'Add the template' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `There is already a template called “${name}” on this site: choose another name.`,
    { timeout: 20_000 },
  );
  await add.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'New template' })).toBeFocused();

  // Edit its text.
  await card.getByRole('button', { name: `Edit “${name}”` }).click();
  const edit = page.getByRole('form', { name: `Edit “${name}”` });
  await edit.getByLabel('Text').fill('Namaste {name}, we arrange visas for {package}.');
  await edit.getByRole('button', { name: 'Save the template' }).click();
  await expect(card).toContainText('Namaste {name}', { timeout: 20_000 });
  await expect(card.getByRole('button', { name: `Edit “${name}”` })).toBeFocused();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  // At 1280 px the list is a table, and axe finds nothing there either.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(card).toHaveCSS('display', 'table-row');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });

  // The reply form of the India enquiry lists it, filled for the enquiry, and links back here.
  await gotoInteractive(page, `/admin/enquiries/${enquiryId}`);
  const reply = page.getByRole('form', { name: 'Reply by email' });
  await reply.getByLabel('Template').selectOption({ label: name }, { timeout: 20_000 });
  await expect(reply.getByLabel('Message')).toHaveValue(`Namaste Priya Menon, we arrange visas for ${pkg.title}.`);
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('region', { name: 'Reply to the traveller' }).getByRole('status')).toHaveText(
    `Reply queued to ${email}.`,
    { timeout: 20_000 },
  );
  await reply.getByRole('link', { name: 'Manage templates' }).click();
  await expect(page).toHaveURL(/\/admin\/enquiry-templates\?site=IN$/);

  // Delete, after a confirmation that names it; focus goes to the list's heading.
  await list
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Delete “${name}”` })
    .click();
  const confirm = page.getByRole('group', { name: `Delete the template “${name}”?` });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await confirm.getByRole('button', { name: `Yes, delete “${name}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Template deleted.' })).toBeVisible({ timeout: 20_000 });
  await expect(list.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'India templates' })).toBeFocused();

  // A catalogue editor has no link and gets the desk's refusal.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const catalogue = await other.newPage();
  await signedInStaff(catalogue.request, 'catalogue');
  await gotoInteractive(catalogue, '/admin');
  const nav = await deskMenu(catalogue);
  await expect(nav.getByRole('link', { name: 'Catalogue' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reply templates' })).toHaveCount(0);
  await gotoInteractive(catalogue, '/admin/enquiry-templates?site=IN');
  await expect(catalogue.getByText('Your role (catalogue) may not open this page.')).toBeVisible();
  await other.close();
});
