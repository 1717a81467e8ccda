import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from './cards';
import type { EmulatorContext } from './context';
import { mpDate } from './dates';
import { badRequest, notFound } from './errors';
import { COLLECTOR_ID } from './notifier';
import { outcomeFor } from './outcomes';
import { chargeCard } from './payments';
import {
  asObject,
  type Json,
  optionalBoolean,
  optionalNumber,
  optionalString,
  positiveAmount,
  requiredString,
  roundMoney,
} from './request-body';
import type {
  CardBrand,
  MerchantOrderResource,
  PaymentResource,
  PreferenceItem,
  PreferenceResource,
} from './types';

// Checkout Pro: a preference describes a purchase; the payer pays it on the `init_point` page,
// which records a payment under a merchant order, notifies, and sends the payer back to our site.

function readItem(value: unknown, index: number): PreferenceItem {
  const item = asObject(value, `items[${index}]`);
  const quantity = optionalNumber(item, 'quantity');
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1) {
    throw badRequest('items.quantity must be a positive integer', {
      code: 'invalid_items',
      description: `items[${index}].quantity`,
    });
  }
  const currency = optionalString(item, 'currency_id') ?? 'ARS';
  if (currency !== 'ARS')
    throw badRequest('Invalid currency_id', {
      code: 'invalid_items',
      description: `items[${index}].currency_id`,
    });
  return {
    id: optionalString(item, 'id'),
    title: requiredString(item, 'title', 'invalid_items'),
    description: optionalString(item, 'description'),
    quantity,
    unit_price: positiveAmount(optionalNumber(item, 'unit_price'), 'unit_price', 'invalid_items'),
    currency_id: 'ARS',
  };
}

export function createPreference(
  context: EmulatorContext,
  rawBody: unknown,
  baseUrl: string,
): PreferenceResource {
  const body = asObject(rawBody);
  if (!Array.isArray(body.items) || body.items.length === 0) {
    throw badRequest('items needed', {
      code: 'invalid_items',
      description: 'items must be a non-empty array',
    });
  }
  const items = body.items.map(readItem);
  const backUrls = asObject(body.back_urls, 'back_urls');
  const autoReturn = optionalString(body, 'auto_return') ?? '';
  if (autoReturn !== '' && autoReturn !== 'approved' && autoReturn !== 'all') {
    throw badRequest('auto_return invalid', {
      code: 'invalid_auto_return',
      description: 'auto_return must be approved or all',
    });
  }
  if (autoReturn && !optionalString(backUrls, 'success')) {
    throw badRequest('auto_return invalid. back_url.success must be defined', {
      code: 'invalid_auto_return',
      description: 'back_urls.success is required with auto_return',
    });
  }
  const payer = asObject(body.payer, 'payer');
  const methods = asObject(body.payment_methods, 'payment_methods');
  const id = `${COLLECTOR_ID}-${randomUUID()}`;
  const initPoint = `${baseUrl}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
  const preference: PreferenceResource = {
    id,
    collector_id: COLLECTOR_ID,
    client_id: String(COLLECTOR_ID + 2),
    date_created: mpDate(),
    items,
    payer: {
      email: optionalString(payer, 'email'),
      name: optionalString(payer, 'name'),
      surname: optionalString(payer, 'surname'),
    },
    back_urls: {
      success: optionalString(backUrls, 'success') ?? '',
      pending: optionalString(backUrls, 'pending') ?? '',
      failure: optionalString(backUrls, 'failure') ?? '',
    },
    auto_return: autoReturn as PreferenceResource['auto_return'],
    binary_mode: optionalBoolean(body, 'binary_mode'),
    payment_methods: { installments: optionalNumber(methods, 'installments'), excluded_payment_types: [] },
    external_reference: optionalString(body, 'external_reference'),
    notification_url: optionalString(body, 'notification_url'),
    metadata: asObject(body.metadata, 'metadata'),
    operation_type: 'regular_payment',
    site_id: 'MLA',
    init_point: initPoint,
    sandbox_init_point: initPoint,
  };
  context.store.state.preferences[id] = preference;
  context.store.save();
  return preference;
}

export function findPreference(context: EmulatorContext, id: string): PreferenceResource {
  const preference = context.store.state.preferences[id];
  if (!preference) throw notFound('Preference not found');
  return preference;
}

export function preferenceTotal(preference: PreferenceResource): number {
  return roundMoney(preference.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0));
}

/** One merchant order per preference, created on its first payment attempt. */
function merchantOrderFor(context: EmulatorContext, preference: PreferenceResource): MerchantOrderResource {
  const existing = Object.values(context.store.state.merchantOrders).find(
    (o) => o.preference_id === preference.id,
  );
  if (existing) return existing;
  const now = mpDate();
  const order: MerchantOrderResource = {
    id: context.store.numericId(),
    preference_id: preference.id,
    external_reference: preference.external_reference,
    status: 'opened',
    order_status: 'payment_required',
    total_amount: preferenceTotal(preference),
    paid_amount: 0,
    payments: [],
    date_created: now,
    last_updated: now,
  };
  context.store.state.merchantOrders[String(order.id)] = order;
  return order;
}

export interface PayForm {
  card: CardBrand;
  cardholderName: string;
  installments: number;
  email: string;
}

export function payPreference(
  context: EmulatorContext,
  preference: PreferenceResource,
  form: PayForm,
): { payment: PaymentResource; order: MerchantOrderResource } {
  const max = preference.payment_methods.installments;
  if (max && form.installments > max) {
    throw badRequest('Invalid installments', {
      code: 'invalid_installments',
      description: `At most ${max} installments`,
    });
  }
  const number = TEST_CARDS[form.card].number;
  const order = merchantOrderFor(context, preference);
  const payment = chargeCard(context, {
    card: {
      brand: form.card,
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: form.cardholderName, identification: { type: 'DNI', number: '12345678' } },
    },
    outcome: outcomeFor(form.cardholderName, preference.binary_mode),
    amount: preferenceTotal(preference),
    installments: form.installments,
    description: preference.items.map((item) => item.title).join(', '),
    externalReference: preference.external_reference,
    notificationUrl: preference.notification_url,
    binaryMode: preference.binary_mode,
    metadata: preference.metadata,
    payer: { email: form.email },
    order: { id: String(order.id), type: 'mercadopago' },
  });
  order.payments.push({
    id: payment.id,
    status: payment.status,
    status_detail: payment.status_detail,
    transaction_amount: payment.transaction_amount,
  });
  if (payment.status === 'approved') {
    order.status = 'closed';
    order.order_status = 'paid';
    order.paid_amount = payment.transaction_amount;
  } else if (payment.status === 'in_process') {
    order.order_status = 'payment_in_process';
  }
  order.last_updated = mpDate();
  context.store.save();
  return { payment, order };
}

/** Where Checkout Pro sends the payer back, with the query parameters it really appends. */
export function backUrlFor(
  preference: PreferenceResource,
  payment: PaymentResource,
  order: MerchantOrderResource,
): string | null {
  const key =
    payment.status === 'approved' ? 'success' : payment.status === 'in_process' ? 'pending' : 'failure';
  const base = preference.back_urls[key];
  if (!base) return null;
  const url = new URL(base);
  const params: Json = {
    collection_id: payment.id,
    collection_status: payment.status,
    payment_id: payment.id,
    status: payment.status,
    external_reference: preference.external_reference ?? 'null',
    payment_type: 'credit_card',
    merchant_order_id: order.id,
    preference_id: preference.id,
    site_id: 'MLA',
    processing_mode: 'aggregator',
    merchant_account_id: 'null',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return url.toString();
}
