import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { buyProgramByCard, cardForm, cardToken, fillCard } from './support/cards';
import { waitForMail } from './support/mailbox';
import { downloadPdf, pdfText } from './support/receipts';

/*
 * Issue 28: a purchase gets its electronic invoice from the ARCA stand-in right after the payment;
 * the buyer is mailed and finds it in Mi cuenta next to the receipt, as a PDF. A withdrawal gets its
 * credit note the same way.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const program = { id: 'programa-inversora-inteligente', name: 'Programa Inversora Inteligente' };

test('a purchase is invoiced: the mail says so and Mi cuenta downloads the Factura C', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'facturada');
  await buyProgramByCard(request, credentials.accessToken, program.id, 3);

  const mail = await waitForMail(request, email, 'Tu factura de');
  expect(mail.text).toMatch(/Factura C N\.º \d{5}-\d{8}/);
  expect(mail.text).toMatch(/CAE \d{14}/);
  expect(mail.text).toContain('/mi-cuenta/pagos');
  // The PDF comes with the mail, naming the CAE the mail announces.
  const cae = /CAE (\d{14})/.exec(mail.text)?.[1] ?? '';
  expect(mail.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
  const attached = await pdfText(
    new Uint8Array(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64')),
  );
  expect(attached.replace(/\s+/g, ' ')).toContain(`CAE N°: ${cae}`);

  await signIn(page, credentials);
  await page.goto('/mi-cuenta/pagos');
  const card = page.getByRole('listitem').filter({ hasText: program.name });
  const button = card.getByRole('button', { name: /^Descargar Factura C \d{5}-\d{8} \(CAE \d{14}\)/ });
  await expect(button).toBeVisible();
  await expect(card.getByRole('button', { name: /^Descargar comprobante/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const invoice = await downloadPdf(page, button);
  expect(invoice.name).toMatch(/^factura-C-\d{5}-\d{8}\.pdf$/);
  const text = invoice.text.replace(/\s+/g, ' ');
  for (const expected of [
    'FACTURA',
    'COD. 011',
    program.name,
    'Consumidor Final',
    // RG 5824/2026 (issue 39)
    'A CONSUMIDOR FINAL',
    'CAE N°:',
    'Fecha de vto. de CAE:',
  ]) {
    expect(text).toContain(expected);
  }
});

test('a subscription she withdraws gets its Nota de Crédito C, mailed and listed with the invoice in Mi cuenta', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'nota-de-credito');
  // Plan Oro monthly: charged at once (Plan Esencial monthly starts with a free trial, nothing to invoice).
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const invoiceMail = await waitForMail(request, email, 'Tu factura de');
  const invoiceNumber = /Factura C N\.º (\d{5}-\d{8})/.exec(invoiceMail.text)?.[1] ?? '';
  expect(invoiceNumber).not.toBe('');

  // Within the 10 days of art. 34: the botón de arrepentimiento on her payment.
  await signIn(page, credentials);
  await page.goto('/mi-cuenta/pagos');
  const card = page.getByRole('listitem').filter({ hasText: 'Plan Oro' });
  await expect(
    card.getByRole('button', { name: `Descargar Factura C ${invoiceNumber}`, exact: false }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Arrepentirme de esta compra' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
  await confirm.getByRole('button', { name: 'Sí, arrepentirme' }).click();
  const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
  await expect(done).toContainText(/ARR-[A-Z2-9]{6}/);
  await done.getByRole('button', { name: 'Entendido' }).click();
  await expect(card).toContainText('Devuelto');

  // Once the refund went through, ARCA authorizes the credit note tied to the invoice: mailed…
  const noteMail = await waitForMail(request, email, 'Tu nota de crédito de');
  expect(noteMail.text).toMatch(/Nota de Crédito C N\.º \d{5}-\d{8}/);
  expect(noteMail.text).toMatch(/CAE \d{14}/);
  expect(noteMail.text).toContain('/mi-cuenta/pagos');

  // …and listed next to the invoice, downloadable.
  await page.reload();
  const noteButton = card.getByRole('button', {
    name: /^Descargar Nota de crédito C \d{5}-\d{8} \(CAE \d{14}\)/,
  });
  await expect(noteButton).toBeVisible();
  await expect(card.getByRole('button', { name: /^Descargar Factura C / })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const note = await downloadPdf(page, noteButton);
  expect(note.name).toMatch(/^nota-de-credito-C-\d{5}-\d{8}\.pdf$/);
  const text = note.text.replace(/\s+/g, ' ');
  for (const expected of [
    'NOTA DE CRÉDITO',
    'COD. 013',
    `Comprobante asociado: Factura C ${invoiceNumber}`,
    'Plan Oro',
    'CAE N°:',
  ]) {
    expect(text).toContain(expected);
  }
});

test('she gives her DNI at checkout, optionally, and the invoice names her with it', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'factura-con-dni');
  await signIn(page, credentials);
  await page.goto('/compra/programa/programa-chau-deudas');
  await expect(page.getByRole('heading', { level: 1, name: 'Comprá tu programa' })).toBeVisible();
  await fillCard(page, 'APRO');
  const form = cardForm(page);
  await form.getByLabel('Cuotas').selectOption({ label: '1 pago de $ 45.000' });
  const dni = form.getByLabel('DNI para tu factura (opcional)');
  await expect(
    form.getByText('Si lo dejás vacío, la factura sale a nombre de consumidor final.'),
  ).toBeVisible();

  // A wrong one blocks the payment and says why, on the field.
  await dni.fill('123');
  await page.getByRole('button', { name: 'Pagar programa' }).click();
  await expect(form.getByText('Ingresá tu DNI: 7 u 8 números, sin puntos.')).toBeVisible();
  await expect(dni).toBeFocused();
  await expect(dni).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await dni.fill('30.123.456');
  const paid = page.waitForResponse('**/api/users/mercadopago/payment/program');
  await page.getByRole('button', { name: 'Pagar programa' }).click();
  const sent = await paid;
  expect(sent.status()).toBe(200);
  expect(sent.request().postDataJSON()).toMatchObject({ invoiceDocument: '30123456' });
  await expect(page.getByRole('dialog', { name: '¡Listo! Ya tenés tu programa' })).toBeVisible();

  const mail = await waitForMail(request, email, 'Tu factura de');
  const attached = await pdfText(
    new Uint8Array(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64')),
  );
  expect(attached).toContain('DNI: 30123456');
  expect(attached).not.toContain('Sin documento informado');
});

test('at the subscription checkout too, her DNI (optional) names her on the invoice of the charge', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'suscripcion-con-dni');
  await signIn(page, credentials);
  // Plan Oro monthly: charged at once, so invoiced at once.
  await page.goto('/compra/suscripcion/plan-oro/monthly');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizá tu suscripción' })).toBeVisible();
  await fillCard(page, 'APRO');
  const form = cardForm(page);
  const dni = form.getByLabel('DNI para tu factura (opcional)');
  await expect(
    form.getByText('Si lo dejás vacío, la factura sale a nombre de consumidor final.'),
  ).toBeVisible();

  await dni.fill('30.123');
  await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
  await expect(form.getByText('Ingresá tu DNI: 7 u 8 números, sin puntos.')).toBeVisible();
  await expect(dni).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await dni.fill('27 654 321');
  const paid = page.waitForResponse('**/api/users/mercadopago/suscription');
  await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
  const sent = await paid;
  expect(sent.status()).toBe(200);
  expect(sent.request().postDataJSON()).toMatchObject({ invoiceDocument: '27654321' });
  await expect(page.getByRole('dialog', { name: '¡Listo! Tu suscripción está activa' })).toBeVisible();

  const mail = await waitForMail(request, email, 'Tu factura de');
  const attached = await pdfText(
    new Uint8Array(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64')),
  );
  expect(attached).toContain('DNI: 27654321');
  expect(attached).toContain('Plan Oro');
});
