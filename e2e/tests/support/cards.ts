import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';

/*
 * Card payments against the Mercado Pago emulator: the cardholder name picks the outcome (APRO
 * approves, FUND is refused for insufficient funds).
 */

// The card form waits for MercadoPago.js: give it time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

export const visa = '4509 9535 6623 3704';

/**
 * A cardholder document of her own for each customer: with one shared test card number, the
 * document is what tells one person's card from another's (free trials are once per card).
 */
export const documentNumber = () => String(20_000_000 + Math.floor(Math.random() * 70_000_000));

/** A card token of the emulator, as MercadoPago.js gets it in the browser. */
export async function cardToken(
  request: APIRequestContext,
  holder = 'APRO',
  document = documentNumber(),
): Promise<string> {
  const config = (await (await request.get('/api/payments/config')).json()) as { publicKey: string };
  const card = await request.post(`/sandbox/mercadopago/v1/card_tokens?public_key=${config.publicKey}`, {
    data: {
      card_number: visa.replaceAll(' ', ''),
      security_code: '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: holder, identification: { type: 'DNI', number: document } },
    },
  });
  expect(card.status(), await card.text()).toBe(201);
  return ((await card.json()) as { id: string }).id;
}

/** The checkouts' card form ('Pagá con tarjeta'). */
export const cardForm = (page: Page) => page.getByRole('region', { name: 'Pagá con tarjeta' });

/** Fills the card form with the Visa test card, an expiry in 2030 and a DNI. */
export async function fillCard(page: Page, holder: string, document = documentNumber()): Promise<void> {
  const form = cardForm(page);
  await form.getByLabel('Número de tarjeta').fill(visa);
  await expect(form.getByText('Visa', { exact: true })).toBeVisible();
  await form.getByLabel('Nombre como figura en la tarjeta').fill(holder);
  await form.getByLabel('Vencimiento').fill('1130');
  await expect(form.getByLabel('Vencimiento')).toHaveValue('11/30');
  await form.getByLabel('Código de seguridad').fill('123');
  await form.getByLabel('Tipo de documento').selectOption('DNI');
  await form.getByLabel('Número de documento').fill(document);
}
