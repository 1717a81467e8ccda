import { consumeCardToken } from './card-tokens';
import { type EmulatorContext, notificationTarget } from './context';
import { addPeriod, mpDate } from './dates';
import { badRequest, MpApiError, notFound } from './errors';
import { COLLECTOR_ID } from './notifier';
import { type Outcome, outcomeFor } from './outcomes';
import { chargeCard } from './payments';
import {
  asObject,
  type Json,
  optionalNumber,
  optionalString,
  positiveAmount,
  requiredString,
  roundMoney,
} from './request-body';
import type {
  AuthorizedPaymentResource,
  FrequencyType,
  Period,
  PreapprovalStatus,
  StoredPreapproval,
} from './types';

// Subscriptions without a plan (`/preapproval`): created authorized with a card token, charged at
// once unless a free trial or a later start date defers the first charge, then charged once per
// period. Renewals happen only when the control API says so: the emulator has no scheduler.

function readPeriod(body: Json, field: string): Period {
  const frequency = optionalNumber(body, 'frequency');
  const type = optionalString(body, 'frequency_type');
  if (frequency === null || !Number.isInteger(frequency) || frequency < 1) {
    throw badRequest(`${field}.frequency must be a positive integer`, {
      code: 'invalid_frequency',
      description: field,
    });
  }
  if (type !== 'months' && type !== 'days') {
    throw badRequest(`${field}.frequency_type must be months or days`, {
      code: 'invalid_frequency_type',
      description: field,
    });
  }
  return { frequency, frequency_type: type as FrequencyType };
}

function readDate(body: Json, field: string): Date | null {
  const value = optionalString(body, field);
  if (value === null) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(`Invalid ${field}`, { code: 'invalid_date', description: field });
  return new Date(time);
}

export function findPreapproval(context: EmulatorContext, id: string): StoredPreapproval {
  const stored = context.store.state.preapprovals[id];
  if (!stored) throw notFound('The preapproval does not exist');
  return stored;
}

export function createPreapproval(context: EmulatorContext, rawBody: unknown): StoredPreapproval {
  const body = asObject(rawBody);
  const reason = requiredString(body, 'reason');
  const payerEmail = requiredString(body, 'payer_email');
  const tokenId = optionalString(body, 'card_token_id');
  if (!tokenId || optionalString(body, 'status') !== 'authorized') {
    // The real API would create a `pending` subscription for the payer to authorize on its own
    // page; the emulator supports only the card-token flow our API uses.
    throw badRequest('card_token_id and status authorized are required by the emulator', {
      code: 'unsupported_flow',
      description: 'pending preapprovals are not emulated',
    });
  }
  const recurring = asObject(body.auto_recurring, 'auto_recurring');
  const period = readPeriod(recurring, 'auto_recurring');
  const amount = positiveAmount(
    optionalNumber(recurring, 'transaction_amount'),
    'transaction_amount',
    'invalid_transaction_amount',
  );
  if (optionalString(recurring, 'currency_id') !== 'ARS') {
    throw badRequest('Invalid currency_id', {
      code: 'invalid_currency_id',
      description: 'currency_id must be ARS',
    });
  }
  const trial = recurring.free_trial
    ? readPeriod(asObject(recurring.free_trial, 'free_trial'), 'free_trial')
    : null;
  const now = new Date();
  const start = readDate(recurring, 'start_date') ?? now;
  const end = readDate(recurring, 'end_date');

  const card = consumeCardToken(context, tokenId);
  const outcome = outcomeFor(card.cardholder.name, false);
  if (outcome.status === 'rejected') {
    // The real API refuses to create the subscription when the card is refused.
    throw new MpApiError(400, `Card refused: ${outcome.status_detail}`, 'bad_request', [
      { code: outcome.status_detail, description: `The card was refused (${outcome.status_detail})` },
    ]);
  }
  const chargeNow = !trial && start.getTime() <= now.getTime() + 60_000;
  const firstDue = trial ? addPeriod(start, trial.frequency, trial.frequency_type) : start;
  const stored: StoredPreapproval = {
    card,
    notificationUrl: optionalString(body, 'notification_url'),
    resource: {
      id: context.store.hexId(),
      payer_id: COLLECTOR_ID + 1,
      payer_email: payerEmail,
      back_url: optionalString(body, 'back_url'),
      collector_id: COLLECTOR_ID,
      application_id: COLLECTOR_ID + 2,
      status: 'authorized',
      reason,
      external_reference: optionalString(body, 'external_reference'),
      date_created: mpDate(now),
      last_modified: mpDate(now),
      init_point: null,
      auto_recurring: {
        ...period,
        transaction_amount: amount,
        currency_id: 'ARS',
        start_date: mpDate(start),
        end_date: end ? mpDate(end) : null,
        free_trial: trial,
      },
      summarized: {
        quotas: null,
        charged_quantity: 0,
        pending_charge_quantity: null,
        charged_amount: 0,
        pending_charge_amount: null,
        semaphore: 'green',
        last_charged_date: null,
        last_charged_amount: null,
      },
      next_payment_date: mpDate(firstDue),
      payment_method_id: card.brand,
      card_id: null,
      first_invoice_offset: null,
    },
  };
  context.store.state.preapprovals[stored.resource.id] = stored;
  context.store.save();
  void context.notifier.notify(
    notificationTarget(context, stored.notificationUrl),
    'subscription_preapproval',
    'created',
    stored.resource.id,
  );
  if (chargeNow) chargeRecurring(context, stored, outcome);
  return stored;
}

/** After a refused renewal Mercado Pago retries the invoice on its own: 1, 3 and 5 days after the refusal. */
export const RETRY_DELAYS_DAYS = [1, 3, 5] as const;

const DAY_MS = 86_400_000;

function retryDateOf(invoice: AuthorizedPaymentResource): string | null {
  const delay = RETRY_DELAYS_DAYS[invoice.retry_attempt];
  return delay === undefined ? null : mpDate(new Date(Date.parse(invoice.date_created) + delay * DAY_MS));
}

/** A recurring charge of the subscription's card for one invoice (period), with its payment webhook. */
function chargeInvoice(
  context: EmulatorContext,
  stored: StoredPreapproval,
  outcome: Outcome,
  invoice: { id: number; billingDate: string; firstTime: boolean },
) {
  const preapproval = stored.resource;
  return chargeCard(context, {
    card: stored.card,
    outcome,
    amount: preapproval.auto_recurring.transaction_amount,
    installments: 1,
    description: preapproval.reason,
    externalReference: preapproval.external_reference,
    notificationUrl: stored.notificationUrl,
    binaryMode: false,
    metadata: { preapproval_id: preapproval.id },
    payer: { email: preapproval.payer_email },
    operationType: 'recurring_payment',
    pointOfInteraction: {
      type: 'SUBSCRIPTIONS',
      transaction_data: {
        subscription_id: preapproval.id,
        invoice_id: String(invoice.id),
        billing_date: invoice.billingDate,
        first_time_use: invoice.firstTime,
      },
    },
  });
}

/** An approved charge pays the invoice's period: the next one is due one period after it. */
function markPeriodPaid(preapproval: StoredPreapproval['resource'], billingDate: string, amount: number) {
  const now = mpDate();
  const { frequency, frequency_type } = preapproval.auto_recurring;
  preapproval.next_payment_date = mpDate(addPeriod(new Date(billingDate), frequency, frequency_type));
  preapproval.summarized.charged_quantity += 1;
  preapproval.summarized.charged_amount = roundMoney(preapproval.summarized.charged_amount + amount);
  preapproval.summarized.last_charged_date = now;
  preapproval.summarized.last_charged_amount = amount;
  preapproval.summarized.semaphore = 'green';
}

/** Only an authorized subscription is charged, by schedule or by a retry. */
function requireAuthorized(preapproval: StoredPreapproval['resource']): void {
  if (preapproval.status !== 'authorized') {
    throw badRequest(`The preapproval is ${preapproval.status}`, {
      code: 'not_authorized',
      description: 'Only an authorized preapproval can be charged',
    });
  }
}

/**
 * Charges the subscription's current period: records the payment and its invoice, and moves
 * `next_payment_date` one period on only when the charge is not rejected. A rejected one leaves
 * the invoice `recycling`, with its first retry scheduled (`next_retry_date`).
 */
export function chargeRecurring(
  context: EmulatorContext,
  stored: StoredPreapproval,
  outcome: Outcome,
): AuthorizedPaymentResource {
  const preapproval = stored.resource;
  requireAuthorized(preapproval);
  const invoiceId = context.store.numericId();
  const billingDate = preapproval.next_payment_date;
  const previous = Object.values(context.store.state.authorizedPayments).filter(
    (i) => i.preapproval_id === preapproval.id,
  );
  const payment = chargeInvoice(context, stored, outcome, {
    id: invoiceId,
    billingDate,
    firstTime: previous.length === 0,
  });
  const now = mpDate();
  const rejected = payment.status === 'rejected';
  const invoice: AuthorizedPaymentResource = {
    id: invoiceId,
    preapproval_id: preapproval.id,
    type: 'scheduled',
    status: rejected ? 'recycling' : 'processed',
    date_created: now,
    last_modified: now,
    debit_date: billingDate,
    transaction_amount: payment.transaction_amount,
    currency_id: 'ARS',
    reason: preapproval.reason,
    external_reference: preapproval.external_reference,
    payer_id: preapproval.payer_id,
    retry_attempt: 0,
    next_retry_date: null,
    payment: { id: payment.id, status: payment.status, status_detail: payment.status_detail },
  };
  if (rejected) invoice.next_retry_date = retryDateOf(invoice);
  context.store.state.authorizedPayments[String(invoice.id)] = invoice;
  if (rejected) {
    preapproval.summarized.semaphore = 'yellow';
  } else {
    markPeriodPaid(preapproval, billingDate, payment.transaction_amount);
  }
  preapproval.last_modified = now;
  context.store.save();
  void context.notifier.notify(
    notificationTarget(context, stored.notificationUrl),
    'subscription_authorized_payment',
    'created',
    invoice.id,
  );
  return invoice;
}

/** The subscription's refused invoice still being retried, if any. */
export function recyclingInvoiceOf(
  context: EmulatorContext,
  preapprovalId: string,
): AuthorizedPaymentResource | undefined {
  return Object.values(context.store.state.authorizedPayments)
    .filter((i) => i.preapproval_id === preapprovalId && i.status === 'recycling')
    .sort((a, b) => b.id - a.id)[0];
}

/**
 * One more charge attempt of a refused invoice, with the subscription's (current) card: a new
 * payment, and the invoice points at it. Approved pays the period (`processed`); rejected keeps it
 * `recycling`. `scheduled` attempts are Mercado Pago's own retries (+1, +3, +5 days): after the
 * last one fails the invoice is `cancelled` and the subscription moves on to its next period. A
 * card change charges at once without using up a scheduled retry.
 */
export function retryInvoice(
  context: EmulatorContext,
  stored: StoredPreapproval,
  invoice: AuthorizedPaymentResource,
  outcome: Outcome,
  scheduled: boolean,
): AuthorizedPaymentResource {
  const preapproval = stored.resource;
  requireAuthorized(preapproval);
  const payment = chargeInvoice(context, stored, outcome, {
    id: invoice.id,
    billingDate: invoice.debit_date,
    firstTime: false,
  });
  const now = mpDate();
  invoice.payment = { id: payment.id, status: payment.status, status_detail: payment.status_detail };
  invoice.last_modified = now;
  if (scheduled) invoice.retry_attempt += 1;
  if (payment.status !== 'rejected') {
    invoice.status = 'processed';
    invoice.next_retry_date = null;
    markPeriodPaid(preapproval, invoice.debit_date, payment.transaction_amount);
  } else {
    invoice.next_retry_date = retryDateOf(invoice);
    if (invoice.next_retry_date === null) {
      // Every retry failed: this period is lost, the subscription goes on to the next one.
      invoice.status = 'cancelled';
      const { frequency, frequency_type } = preapproval.auto_recurring;
      preapproval.next_payment_date = mpDate(
        addPeriod(new Date(invoice.debit_date), frequency, frequency_type),
      );
      preapproval.summarized.semaphore = 'red';
    }
  }
  preapproval.last_modified = now;
  context.store.save();
  void context.notifier.notify(
    notificationTarget(context, stored.notificationUrl),
    'subscription_authorized_payment',
    'updated',
    invoice.id,
  );
  return invoice;
}

const STATUSES: readonly PreapprovalStatus[] = ['authorized', 'paused', 'cancelled'];

export function updatePreapproval(context: EmulatorContext, id: string, rawBody: unknown): StoredPreapproval {
  const stored = findPreapproval(context, id);
  const preapproval = stored.resource;
  const body = asObject(rawBody);
  if (preapproval.status === 'cancelled') {
    throw badRequest('You can not modify a cancelled preapproval', {
      code: 'cancelled_preapproval',
      description: 'The preapproval is cancelled',
    });
  }
  const status = optionalString(body, 'status');
  if (status !== null && !STATUSES.includes(status as PreapprovalStatus)) {
    throw badRequest('Invalid status', {
      code: 'invalid_status',
      description: 'status must be authorized, paused or cancelled',
    });
  }
  const recurring =
    body.auto_recurring === undefined ? null : asObject(body.auto_recurring, 'auto_recurring');
  const amount = recurring ? optionalNumber(recurring, 'transaction_amount') : null;
  if (amount !== null) {
    preapproval.auto_recurring.transaction_amount = positiveAmount(
      amount,
      'transaction_amount',
      'invalid_transaction_amount',
    );
  }
  const tokenId = optionalString(body, 'card_token_id');
  if (tokenId) {
    stored.card = consumeCardToken(context, tokenId);
    preapproval.payment_method_id = stored.card.brand;
  }
  // Like Mercado Pago: a new card on a subscription with a refused invoice pays it at once.
  const recycling =
    tokenId && (status ?? preapproval.status) === 'authorized' ? recyclingInvoiceOf(context, id) : undefined;
  for (const field of ['reason', 'external_reference', 'back_url'] as const) {
    const value = optionalString(body, field);
    if (value !== null) preapproval[field] = value;
  }
  if (status) preapproval.status = status as PreapprovalStatus;
  preapproval.last_modified = mpDate();
  context.store.save();
  void context.notifier.notify(
    notificationTarget(context, stored.notificationUrl),
    'subscription_preapproval',
    'updated',
    preapproval.id,
  );
  if (recycling)
    retryInvoice(context, stored, recycling, outcomeFor(stored.card.cardholder.name, false), false);
  return stored;
}
