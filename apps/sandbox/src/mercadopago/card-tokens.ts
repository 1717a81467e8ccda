import { brandById, brandOfBin, passesLuhn } from './cards';
import type { EmulatorContext } from './context';
import { savedCardById } from './customers';
import { addPeriod, mpDate } from './dates';
import { badRequest } from './errors';
import { asObject, type Json, optionalNumber, optionalString } from './request-body';
import type { CardTokenResource, StoredCard } from './types';

// Card tokenization (`POST /v1/card_tokens`) and the single use of a token by a payment or a
// subscription. Error codes are the ones Mercado Pago documents for card token creation.

function digitsOf(value: string | null): string {
  return (value ?? '').replace(/[\s-]/g, '');
}

function readExpiry(body: Json): { month: number; year: number } {
  const month = optionalNumber(body, 'expiration_month');
  if (month === null)
    throw badRequest('parameter expirationMonth can not be null/empty', {
      code: '208',
      description: 'parameter expirationMonth can not be null/empty',
    });
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw badRequest('invalid parameter expirationMonth', {
      code: '325',
      description: 'invalid parameter expirationMonth',
    });
  }
  let year = optionalNumber(body, 'expiration_year');
  if (year === null)
    throw badRequest('parameter expirationYear can not be null/empty', {
      code: '209',
      description: 'parameter expirationYear can not be null/empty',
    });
  if (year < 100) year += 2000;
  const now = new Date();
  const expired =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!Number.isInteger(year) || expired) {
    throw badRequest('invalid parameter expirationYear', {
      code: '326',
      description: 'invalid parameter expirationYear',
    });
  }
  return { month, year };
}

function tokenDates(now: Date) {
  return {
    date_created: mpDate(now),
    date_last_updated: mpDate(now),
    // Real tokens expire after seven days.
    date_due: mpDate(addPeriod(now, 7, 'days')),
    date_used: null,
  };
}

/**
 * A token for a saved card (`{ card_id, security_code }`): the card's digits, expiry and holder come
 * from the card saved for a customer, the security code is typed again (Mercado Pago never keeps
 * it) and must have the brand's length. Any card of the seller's customers may be tokenized: which
 * customer may use which card is the seller's own check.
 *
 * A card on file for a recurring charge (issue 39, decision 0283): the seller's server (its access
 * token, not the public key) may tokenize a saved card without the security code when it names the
 * card's own customer (`{ card_id, customer_id }`); the token says so (`security_code_length: 0`).
 * From the browser, or for another customer, the code is still asked for.
 */
function createSavedCardToken(
  context: EmulatorContext,
  body: Json,
  cardId: string,
  publicKey: string | null,
): CardTokenResource {
  const saved = savedCardById(context, cardId);
  if (!saved) {
    throw badRequest('invalid parameter cardId', { code: 'E205', description: 'invalid parameter cardId' });
  }
  const brand = brandById(saved.card.brand);
  const securityCode = digitsOf(optionalString(body, 'security_code'));
  const onFile =
    !securityCode && publicKey === null && optionalString(body, 'customer_id') === saved.resource.customer_id;
  if (!securityCode && !onFile)
    throw badRequest('parameter securityCode can not be null/empty', {
      code: '224',
      description: 'parameter securityCode can not be null/empty',
    });
  if (
    !brand ||
    (!onFile && (!/^\d+$/.test(securityCode) || securityCode.length !== brand.securityCodeLength))
  ) {
    throw badRequest('invalid parameter securityCode', {
      code: 'E302',
      description: 'invalid parameter securityCode',
    });
  }
  const card = saved.card;
  const resource: CardTokenResource = {
    id: context.store.hexId(),
    public_key: publicKey,
    card_id: saved.resource.id,
    first_six_digits: card.first_six_digits,
    last_four_digits: card.last_four_digits,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    cardholder: card.cardholder,
    status: 'active',
    ...tokenDates(new Date()),
    luhn_validation: true,
    live_mode: false,
    require_esc: false,
    card_number_length: brand.numberLength,
    security_code_length: onFile ? 0 : securityCode.length,
  };
  context.store.state.cardTokens[resource.id] = { resource, card: { ...card } };
  context.store.save();
  return resource;
}

export function createCardToken(
  context: EmulatorContext,
  rawBody: unknown,
  publicKey: string | null,
): CardTokenResource {
  const body = asObject(rawBody);
  const cardId = optionalString(body, 'card_id');
  if (cardId !== null) return createSavedCardToken(context, body, cardId, publicKey);
  const number = digitsOf(optionalString(body, 'card_number'));
  if (!number)
    throw badRequest('parameter cardNumber can not be null/empty', {
      code: '205',
      description: 'parameter cardNumber can not be null/empty',
    });
  const brand = brandOfBin(number);
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number) || !brand || brand.numberLength !== number.length) {
    throw badRequest('invalid parameter cardNumber', {
      code: 'E301',
      description: 'invalid parameter cardNumber',
    });
  }
  const { month, year } = readExpiry(body);
  const securityCode = digitsOf(optionalString(body, 'security_code'));
  if (!securityCode)
    throw badRequest('parameter securityCode can not be null/empty', {
      code: '224',
      description: 'parameter securityCode can not be null/empty',
    });
  if (securityCode.length !== brand.securityCodeLength) {
    throw badRequest('invalid parameter securityCode', {
      code: 'E302',
      description: 'invalid parameter securityCode',
    });
  }
  const cardholder = asObject(body.cardholder, 'cardholder');
  const name = optionalString(cardholder, 'name')?.trim() ?? '';
  if (!name)
    throw badRequest('parameter cardholderName can not be null/empty', {
      code: '221',
      description: 'parameter cardholderName can not be null/empty',
    });
  const identification = asObject(cardholder.identification, 'cardholder.identification');

  const now = new Date();
  const resource: CardTokenResource = {
    id: context.store.hexId(),
    public_key: publicKey,
    card_id: null,
    first_six_digits: number.slice(0, 6),
    last_four_digits: number.slice(-4),
    expiration_month: month,
    expiration_year: year,
    cardholder: {
      name,
      identification: {
        type: optionalString(identification, 'type'),
        number: optionalString(identification, 'number'),
      },
    },
    status: 'active',
    ...tokenDates(now),
    luhn_validation: true,
    live_mode: false,
    require_esc: false,
    card_number_length: number.length,
    security_code_length: securityCode.length,
  };
  const card: StoredCard = {
    brand: brand.id,
    first_six_digits: resource.first_six_digits,
    last_four_digits: resource.last_four_digits,
    expiration_month: month,
    expiration_year: year,
    cardholder: resource.cardholder,
  };
  context.store.state.cardTokens[resource.id] = { resource, card };
  context.store.save();
  return resource;
}

/**
 * Marks a token used and returns its card. A token pays once: a second use is refused. `check`
 * may refuse the card first, leaving the token unused as a rejected request would.
 */
export function consumeCardToken(
  context: EmulatorContext,
  tokenId: string,
  check?: (card: StoredCard) => void,
): StoredCard {
  const stored = context.store.state.cardTokens[tokenId];
  if (!stored || Date.parse(stored.resource.date_due) < Date.now()) {
    throw badRequest('Card Token not found', { code: 2006, description: 'Card Token not found' });
  }
  if (stored.resource.status === 'used') {
    throw badRequest('Invalid card_token_id', {
      code: 3003,
      description: 'Invalid card_token_id: the token was already used',
    });
  }
  check?.(stored.card);
  stored.resource.status = 'used';
  stored.resource.date_used = mpDate();
  stored.resource.date_last_updated = stored.resource.date_used;
  context.store.save();
  return stored.card;
}
