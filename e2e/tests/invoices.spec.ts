import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { cardToken } from './support/cards';
import { waitForMail } from './support/mailbox';

/*
 * Issue 28: a purchase gets its electronic invoice from the ARCA stand-in right after the payment;
 * the buyer is mailed and finds it in Mi cuenta next to the receipt, as a PDF.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const program = { id: 'programa-inversora-inteligente', name: 'Programa Inversora Inteligente' };

async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    lines.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  await pdf.destroy();
  return lines.join('\n');
}

test('a purchase is invoiced: the mail says so and Mi cuenta downloads the Factura C', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'facturada');
  const paid = await request.post('/api/users/mercadopago/payment/program', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: {
      programId: program.id,
      cardDetails: {
        identification: { type: 'DNI', number: '12345678' },
        paymentMethodId: 'visa',
        cardTokenId: await cardToken(request),
      },
      installments: 3,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const mail = await waitForMail(request, email, 'Tu factura de');
  expect(mail.text).toMatch(/Factura C N\.º \d{5}-\d{8}/);
  expect(mail.text).toMatch(/CAE \d{14}/);
  expect(mail.text).toContain('/mi-cuenta/pagos');

  await signIn(page, credentials);
  await page.goto('/mi-cuenta/pagos');
  const card = page.getByRole('listitem').filter({ hasText: program.name });
  const button = card.getByRole('button', { name: /^Descargar Factura C \d{5}-\d{8} \(CAE \d{14}\)/ });
  await expect(button).toBeVisible();
  await expect(card.getByRole('button', { name: /^Descargar comprobante/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^factura-C-\d{5}-\d{8}\.pdf$/);
  const text = (await pdfText(new Uint8Array(await readFile(await file.path())))).replace(/\s+/g, ' ');
  for (const expected of [
    'FACTURA',
    'COD. 011',
    program.name,
    'Consumidor Final',
    'CAE N°:',
    'Fecha de vto. de CAE:',
  ]) {
    expect(text).toContain(expected);
  }
});
