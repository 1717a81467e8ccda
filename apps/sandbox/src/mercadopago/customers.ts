import { randomBytes } from 'node:crypto';
import { brandById } from './cards';
import type { EmulatorContext } from './context';
import { mpDate } from './dates';
import { badRequest, notFound } from './errors';
import { asObject, type Json, optionalNumber, optionalString } from './request-body';
import type { CustomerCardResource, CustomerResource, StoredCard, StoredCustomer } from './types';

// Customers and their saved cards (`/v1/customers`, `/v1/customers/{id}/cards`), as Mercado Pago
// documents them for "cards and customers management": a seller creates a customer by e-mail (one
// per e-mail: a second one is refused with cause 101), finds it again with
// `/v1/customers/search?email=`, and saves a card with a card token. The recommended moment to save
// is after a successful payment, with the token that payment used, so a token already used (but
// not yet expired) is accepted here. A saved card is paid with again through a new token made from
// its id and a freshly typed security code (`POST /v1/card_tokens { card_id, security_code }`):
// Mercado Pago never keeps the security code.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A customer as the API answers it: its cards embedded, oldest first. */
export function customerView(stored: StoredCustomer): CustomerResource {
  return { ...stored.resource, cards: Object.values(stored.cards).map((entry) => entry.resource) };
}

export function findCustomer(context: EmulatorContext, id: string): StoredCustomer {
  const stored = context.store.state.customers[id];
  if (!stored) throw notFound('Customer not found');
  return stored;
}

function byEmail(context: EmulatorContext, email: string): StoredCustomer | undefined {
  const wanted = email.trim().toLowerCase();
  return Object.values(context.store.state.customers).find((c) => c.resource.email.toLowerCase() === wanted);
}

export function createCustomer(context: EmulatorContext, rawBody: unknown): CustomerResource {
  const body = asObject(rawBody);
  const email = optionalString(body, 'email')?.trim() ?? '';
  if (!email) throw badRequest('email is required', { code: '100', description: 'email is required' });
  if (!EMAIL.test(email)) throw badRequest('invalid email', { code: '125', description: 'invalid email' });
  if (byEmail(context, email)) {
    throw badRequest('the customer already exist', {
      code: '101',
      description: 'the customer already exist',
    });
  }
  const phone = asObject(body.phone, 'phone');
  const identification = asObject(body.identification, 'identification');
  const address = asObject(body.address, 'address');
  const now = mpDate();
  const resource: StoredCustomer['resource'] = {
    // Mercado Pago's shape: the collector's user id, a dash, a random suffix.
    id: `${context.store.numericId()}-${randomBytes(7).toString('hex')}`,
    email,
    first_name: optionalString(body, 'first_name'),
    last_name: optionalString(body, 'last_name'),
    phone: { area_code: optionalString(phone, 'area_code'), number: optionalString(phone, 'number') },
    identification: {
      type: optionalString(identification, 'type'),
      number: optionalString(identification, 'number'),
    },
    address: {
      id: optionalString(address, 'id'),
      zip_code: optionalString(address, 'zip_code'),
      street_name: optionalString(address, 'street_name'),
      street_number: optionalNumber(address, 'street_number'),
    },
    description: optionalString(body, 'description'),
    date_registered: optionalString(body, 'date_registered'),
    date_created: now,
    date_last_updated: now,
    metadata: {},
    default_card: null,
    default_address: optionalString(body, 'default_address'),
    addresses: [],
    live_mode: false,
  };
  const stored: StoredCustomer = { resource, cards: {} };
  context.store.state.customers[resource.id] = stored;
  context.store.save();
  return customerView(stored);
}

/** `GET /v1/customers/search`: by e-mail (the filter our API uses), paged like every search. */
export function searchCustomers(context: EmulatorContext, query: Json) {
  const email = optionalString(query, 'email');
  const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
  const offset = Math.max(Number(query.offset ?? 0) || 0, 0);
  const all = Object.values(context.store.state.customers).filter(
    (c) => email === null || c.resource.email.toLowerCase() === email.trim().toLowerCase(),
  );
  return {
    paging: { limit, offset, total: all.length },
    results: all.slice(offset, offset + limit).map(customerView),
  };
}

function sameCard(a: StoredCard, b: StoredCard): boolean {
  return (
    a.first_six_digits === b.first_six_digits &&
    a.last_four_digits === b.last_four_digits &&
    a.expiration_month === b.expiration_month &&
    a.expiration_year === b.expiration_year
  );
}

/** Saved cards are numbered like Mercado Pago's (13 digits), unique across all customers. */
function newCardId(context: EmulatorContext): string {
  return String(1_000_000_000_000 + (context.store.numericId() % 9_000_000_000_000));
}

/**
 * `POST /v1/customers/{id}/cards { token }`. The same card saved again (same digits and expiry)
 * answers the card already saved instead of a copy.
 */
export function saveCustomerCard(
  context: EmulatorContext,
  customerId: string,
  rawBody: unknown,
): { created: boolean; card: CustomerCardResource } {
  const customer = findCustomer(context, customerId);
  const tokenId = optionalString(asObject(rawBody), 'token');
  if (!tokenId) throw badRequest('token is required', { code: '126', description: 'token is required' });
  const token = context.store.state.cardTokens[tokenId];
  if (!token || Date.parse(token.resource.date_due) < Date.now()) {
    throw badRequest('invalid parameter token', {
      code: '126',
      description: 'the token is invalid or expired',
    });
  }
  const existing = Object.values(customer.cards).find((entry) => sameCard(entry.card, token.card));
  if (existing) return { created: false, card: existing.resource };
  const brand = brandById(token.card.brand);
  if (!brand) throw badRequest('invalid payment method', { code: '106', description: 'unknown card brand' });
  const now = mpDate();
  const thumbnail = `https://www.mercadopago.com/org-img/MP3/API/logos/${brand.id}.gif`;
  const resource: CustomerCardResource = {
    id: newCardId(context),
    customer_id: customer.resource.id,
    user_id: customer.resource.id.split('-')[0] ?? customer.resource.id,
    expiration_month: token.card.expiration_month,
    expiration_year: token.card.expiration_year,
    first_six_digits: token.card.first_six_digits,
    last_four_digits: token.card.last_four_digits,
    payment_method: {
      id: brand.id,
      name: brand.name,
      payment_type_id: 'credit_card',
      thumbnail,
      secure_thumbnail: thumbnail,
    },
    security_code: { length: brand.securityCodeLength, card_location: brand.securityCodeLocation },
    issuer: { id: brand.issuer.id, name: brand.issuer.name },
    cardholder: token.card.cardholder,
    date_created: now,
    date_last_updated: now,
    live_mode: false,
  };
  customer.cards[resource.id] = { resource, card: { ...token.card } };
  customer.resource.default_card = resource.id;
  customer.resource.date_last_updated = now;
  context.store.save();
  return { created: true, card: resource };
}

export function findCustomerCard(context: EmulatorContext, customerId: string, cardId: string) {
  const entry = findCustomer(context, customerId).cards[cardId];
  if (!entry) throw notFound('Card not found');
  return entry;
}

export function deleteCustomerCard(
  context: EmulatorContext,
  customerId: string,
  cardId: string,
): CustomerCardResource {
  const customer = findCustomer(context, customerId);
  const entry = findCustomerCard(context, customerId, cardId);
  delete customer.cards[cardId];
  if (customer.resource.default_card === cardId) {
    customer.resource.default_card = Object.keys(customer.cards).at(-1) ?? null;
  }
  customer.resource.date_last_updated = mpDate();
  context.store.save();
  return entry.resource;
}

/** A saved card by its id alone (a card token made from it names only the card). */
export function savedCardById(context: EmulatorContext, cardId: string) {
  for (const customer of Object.values(context.store.state.customers)) {
    const entry = customer.cards[cardId];
    if (entry) return entry;
  }
  return undefined;
}
