import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { readRunState, withRunLockSync, writeRunState } from './run-state';

/*
 * Card payments against the Mercado Pago emulator: the cardholder name picks the outcome (APRO
 * approves, FUND is refused for insufficient funds).
 */

// The card form waits for MercadoPago.js: give it time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

export const visa = '4509 9535 6623 3704';

/**
 * A Visa of her own: a free trial is once per card, and a card is its first six and last four
 * digits (decision 0272), whatever expiry or document is typed. Random digits after the Visa
 * prefix 4 (the emulator's Visa is any BIN starting with 4), Luhn-valid, and the test Visa's last
 * four (3704), which the tests read back; spaced as typed.
 */
export function newVisa(): string {
  const digits = ['4', ...Array.from({ length: 10 }, () => String(Math.floor(Math.random() * 10)))];
  const all = [...digits, '0', '3', '7', '0', '4'];
  let sum = 0;
  for (let i = 0; i < 16; i++) {
    let digit = Number(all[15 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  // the twelfth digit is not doubled by Luhn: it makes the sum a multiple of 10
  all[11] = String((10 - (sum % 10)) % 10);
  return all.join('').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A cardholder document of her own for each customer. */
export const documentNumber = () => String(20_000_000 + Math.floor(Math.random() * 70_000_000));

/**
 * An expiry of its own for each card typed (the card itself is told apart by its digits, see
 * newVisa; the expiry typed does not make another card). Each call
 * gives the run's next expiry from 01/2031 on, from a random start (the demo's cards use 11/2030);
 * the counter is the run's, not the worker's (run-state.ts), so two workers never hand out the
 * same card.
 */
const expiries = 12 * 19;
export function nextExpiry(): { month: number; year: number; typed: string } {
  const index =
    withRunLockSync('card-expiry', () => {
      const next = readRunState<number | null>('card-expiry', null) ?? Math.floor(Math.random() * expiries);
      writeRunState('card-expiry', next + 1);
      return next;
    }) % expiries;
  const month = (index % 12) + 1;
  const year = 2031 + Math.floor(index / 12);
  return { month, year, typed: `${String(month).padStart(2, '0')}${String(year % 100)}` };
}

/** A card token of the emulator, as MercadoPago.js gets it in the browser. */
export async function cardToken(
  request: APIRequestContext,
  holder = 'APRO',
  document = documentNumber(),
): Promise<string> {
  const config = (await (await request.get('/api/payments/config')).json()) as { publicKey: string };
  const expiry = nextExpiry();
  const card = await request.post(`/sandbox/mercadopago/v1/card_tokens?public_key=${config.publicKey}`, {
    data: {
      card_number: newVisa().replaceAll(' ', ''),
      security_code: '123',
      expiration_month: expiry.month,
      expiration_year: expiry.year,
      cardholder: { name: holder, identification: { type: 'DNI', number: document } },
    },
  });
  expect(card.status(), await card.text()).toBe(201);
  return ((await card.json()) as { id: string }).id;
}

/** The checkouts' card form ('Pagá con tarjeta'). */
export const cardForm = (page: Page) => page.getByRole('region', { name: 'Pagá con tarjeta' });

/** Fills the card form with the Visa test card, an expiry of its own (see nextExpiry) and a DNI. */
export async function fillCard(page: Page, holder: string, document = documentNumber()): Promise<void> {
  const form = cardForm(page);
  const expiry = nextExpiry();
  await form.getByLabel('Número de tarjeta').fill(newVisa());
  await expect(form.getByText('Visa', { exact: true })).toBeVisible();
  await form.getByLabel('Nombre como figura en la tarjeta').fill(holder);
  await form.getByLabel('Vencimiento').fill(expiry.typed);
  await expect(form.getByLabel('Vencimiento')).toHaveValue(
    `${expiry.typed.slice(0, 2)}/${expiry.typed.slice(2)}`,
  );
  await form.getByLabel('Código de seguridad').fill('123');
  await form.getByLabel('Tipo de documento').selectOption('DNI');
  await form.getByLabel('Número de documento').fill(document);
}

/**
 * A program bought through the API with the emulator's APRO card, as the checkout would pay it:
 * set-up for tests whose subject is what comes after (the checkout's form is tested in
 * program-purchase.spec.ts and money-journeys.spec.ts).
 */
export async function buyProgramByCard(
  request: APIRequestContext,
  accessToken: string,
  programId: string,
  installments = 1,
): Promise<void> {
  const paid = await request.post('/api/users/mercadopago/payment/program', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      programId,
      cardDetails: {
        identification: { type: 'DNI', number: '12345678' },
        paymentMethodId: 'visa',
        cardTokenId: await cardToken(request),
      },
      installments,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}
