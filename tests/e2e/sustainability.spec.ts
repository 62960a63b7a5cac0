import type { Locator } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';
import { invoicedLineWithLot } from './database.test-utils.js';
import { seriousViolations } from './axe.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/**
 * Recycled content and carbon: an admin records a lot's evidence on its page with its certificate file, and a client
 * opens a delivered line of its order, reads its recycled content beside its lots and downloads the invoice's statement
 * and the lot's certificate. axe-core scans each new screen.
 */
test.describe.configure({ mode: 'serial' });

const shown = async (dialog: Locator) => {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
};

const certificate = `E2E-${runNowMs().toString(36).toUpperCase()}`;
/** The smallest file a PDF reader opens: its header, one empty page, the trailer. */
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('an admin records a lot’s recycled content and evidence with its certificate file on the lot’s page', async ({ page }) => {
  const line = await invoicedLineWithLot();
  await signIn(page, 'admin', `/#/lots/${line.lot_id}`);
  const card = page.getByRole('region', { name: 'Recycled content and evidence' });
  await expect(card.getByRole('button', { name: /(Record|Correct) evidence/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: /(Record|Correct) evidence/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Recycled content and evidence' });
  await shown(dialog);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Post-consumer recycled content (%)').fill('35');
  await dialog.getByLabel('Pre-consumer recycled content (%)').fill('0');
  await dialog.getByRole('combobox', { name: 'Certification scheme' }).click();
  await page.getByRole('option', { name: 'EuCertPlast' }).click();
  await dialog.getByLabel('Certificate number').fill(certificate);
  await dialog.getByLabel('Authorised recycling process (EU 2022/1616)').fill('RAN.EU.2022.0042');
  // The certificate itself, a PDF (the API reads its type from the content), sent once the evidence is saved.
  await dialog.locator('input[type="file"]').setInputFiles({ name: `${certificate}.pdf`, mimeType: 'application/pdf', buffer: CERTIFICATE_PDF });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Post-consumer: 35 %');
  await expect(card).toContainText(certificate);
  await expect(card.getByRole('button', { name: `Certificate file ${certificate}.pdf` })).toBeVisible();
});

test('a client opens a delivered line, reads its recycled content beside its lots and downloads the statement and the lot’s certificate', async ({ page }) => {
  const line = await invoicedLineWithLot();
  await signIn(page, 'client', `/#/orders/${line.order_id}`);
  await page.getByRole('button', { name: `Details of ${line.article_no}, ${line.due_date}` }).first().click();
  const drawer = page.getByRole('dialog', { name: `Line ${line.article_no}, ${line.due_date}` });
  await shown(drawer);
  await expect(drawer.getByRole('region', { name: 'Preform lots' })).toBeVisible();
  const recycled = drawer.getByRole('region', { name: 'Recycled content and carbon' });
  await expect(recycled.getByRole('table', { name: 'Recycled content and carbon of the line' })).toContainText('Preform mass');
  // The lot the admin described above is stated with its certificate.
  await expect(recycled).toContainText(certificate);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  const download = page.waitForEvent('download');
  await recycled.getByRole('button', { name: /^Recycled content statement / }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^recycled-content-.+\.pdf$/);
  // and the certificate file the admin attached, from the lot's line
  const evidence = page.waitForEvent('download');
  await recycled.getByRole('listitem').filter({ hasText: certificate }).getByRole('button', { name: 'Certificate file' }).click();
  expect((await evidence).suggestedFilename()).toBe(`${certificate}.pdf`);
});

test('a client reads its recycled content by month and product and exports it', async ({ page }) => {
  await signIn(page, 'client', '/#/stats/recycled-content');
  await expect(page.getByRole('heading', { name: 'Recycled content and carbon', level: 2 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^recycled-content-\d{4}\.csv$/);
});
