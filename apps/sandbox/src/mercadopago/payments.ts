import { brandById } from './cards';
import { type EmulatorContext, notificationTarget } from './context';
import { mpDate } from './dates';
import { badRequest, MpApiError } from './errors';
import { payerCost } from './installments';
import { snakeCaseKeys } from './metadata-keys';
import { COLLECTOR_ID } from './notifier';
import type { Outcome } from './outcomes';
import { roundMoney } from './request-body';
import type { Identification, PaymentResource, PaymentStatus, RefundResource, StoredCard } from './types';

// The life of a card payment: charged (by the REST API, a subscription or the pay page), refunded,
// or settled from pending. Each change notifies the payment's webhook URL.

export interface ChargeInput {
  card: StoredCard;
  outcome: Outcome;
  amount: number;
  installments: number;
  issuerId?: string | null;
  description: string | null;
  externalReference: string | null;
  notificationUrl: string | null;
  binaryMode: boolean;
  metadata: unknown;
  payer: { email: string | null; identification?: Identification | null };
  operationType?: PaymentResource['operation_type'];
  order?: PaymentResource['order'];
  pointOfInteraction?: Record<string, unknown>;
}

export function chargeCard(context: EmulatorContext, input: ChargeInput): PaymentResource {
  const cost = payerCost(input.amount, input.installments);
  if (!cost)
    throw badRequest('Invalid installments', {
      code: 'invalid_installments',
      description: 'Invalid installments',
    });
  const now = mpDate();
  const approved = input.outcome.status === 'approved';
  const brand = brandById(input.card.brand);
  const payment: PaymentResource = {
    id: context.store.numericId(),
    date_created: now,
    date_approved: approved ? now : null,
    date_last_updated: now,
    money_release_date: approved ? now : null,
    operation_type: input.operationType ?? 'regular_payment',
    issuer_id: input.issuerId ?? String(brand?.issuer.id ?? ''),
    payment_method_id: input.card.brand,
    payment_type_id: 'credit_card',
    status: input.outcome.status,
    status_detail: input.outcome.status_detail,
    currency_id: 'ARS',
    description: input.description,
    live_mode: false,
    collector_id: COLLECTOR_ID,
    payer: {
      id: null,
      email: input.payer.email,
      identification: input.payer.identification ?? input.card.cardholder.identification,
      type: null,
    },
    metadata: snakeCaseKeys(input.metadata ?? {}) as Record<string, unknown>,
    additional_info: {},
    order: input.order ?? {},
    external_reference: input.externalReference,
    transaction_amount: input.amount,
    transaction_amount_refunded: 0,
    installments: input.installments,
    transaction_details: {
      net_received_amount: approved ? input.amount : 0,
      total_paid_amount: cost.total_amount,
      overpaid_amount: 0,
      installment_amount: cost.installment_amount,
      external_resource_url: null,
      financial_institution: null,
      payment_method_reference_id: null,
    },
    fee_details: [],
    captured: true,
    binary_mode: input.binaryMode,
    statement_descriptor: 'ALCANCIA',
    card: {
      id: null,
      first_six_digits: input.card.first_six_digits,
      last_four_digits: input.card.last_four_digits,
      expiration_month: input.card.expiration_month,
      expiration_year: input.card.expiration_year,
      date_created: now,
      date_last_updated: now,
      cardholder: input.card.cardholder,
    },
    notification_url: input.notificationUrl,
    refunds: [],
    processing_mode: 'aggregator',
    point_of_interaction: input.pointOfInteraction ?? {},
  };
  context.store.state.payments[String(payment.id)] = payment;
  context.store.save();
  void context.notifier.notify(
    notificationTarget(context, payment.notification_url),
    'payment',
    'payment.created',
    payment.id,
  );
  return payment;
}

export function findPayment(context: EmulatorContext, id: string): PaymentResource {
  const payment = context.store.state.payments[id];
  if (!payment)
    throw new MpApiError(404, 'Payment not found', 'not_found', [
      { code: 2000, description: 'Payment not found' },
    ]);
  return payment;
}

/**
 * `GET /v1/payments/search`: the collector's payments, filtered by `external_reference` when
 * given, sorted by `date_created` (`criteria` asc or desc, default desc), paged by `limit` (1–1000,
 * default 30) and `offset`. Answers `{ paging: { total, limit, offset }, results }` like the real API.
 */
export function searchPayments(
  context: EmulatorContext,
  query: {
    externalReference: string | null;
    criteria: string | null;
    limit: number | null;
    offset: number | null;
  },
): { paging: { total: number; limit: number; offset: number }; results: PaymentResource[] } {
  const whole = (value: number | null, fallback: number) =>
    value !== null && Number.isFinite(value) ? Math.trunc(value) : fallback;
  const limit = Math.min(Math.max(whole(query.limit, 30), 1), 1000);
  const offset = Math.max(whole(query.offset, 0), 0);
  const matching = Object.values(context.store.state.payments)
    .filter((p) => query.externalReference === null || p.external_reference === query.externalReference)
    // ids grow with creation time, so they order payments created within the same millisecond too
    .sort((a, b) => (query.criteria === 'asc' ? a.id - b.id : b.id - a.id));
  return {
    paging: { total: matching.length, limit, offset },
    results: matching.slice(offset, offset + limit),
  };
}

function touch(context: EmulatorContext, payment: PaymentResource): void {
  payment.date_last_updated = mpDate();
  context.store.save();
  void context.notifier.notify(
    notificationTarget(context, payment.notification_url),
    'payment',
    'payment.updated',
    payment.id,
  );
}

/** Refunds `amount` pesos, or everything still unrefunded when `amount` is null. */
export function refundPayment(
  context: EmulatorContext,
  payment: PaymentResource,
  amount: number | null,
): RefundResource {
  if ((context.store.state.failRefunds ?? 0) > 0) {
    // Failures armed through the control API, to exercise our refund-failure and retry paths.
    context.store.state.failRefunds -= 1;
    context.store.save();
    throw badRequest('Refund could not be processed', {
      code: 'emulated_refund_failure',
      description: 'Refunds were set to fail through /_control/refunds/fail-next',
    });
  }
  if (payment.status !== 'approved') {
    throw badRequest('Payment not refundable in its current status', {
      code: 'payment_not_refundable',
      description: `The payment is ${payment.status}`,
    });
  }
  const remaining = roundMoney(payment.transaction_amount - payment.transaction_amount_refunded);
  const value = amount ?? remaining;
  if (value <= 0 || value > remaining || Math.round(value * 100) !== value * 100) {
    throw badRequest('Invalid refund amount', {
      code: 'invalid_refund_amount',
      description: `The amount must be between 0.01 and ${remaining}`,
    });
  }
  const refund: RefundResource = {
    id: context.store.numericId(),
    payment_id: payment.id,
    amount: value,
    metadata: {},
    source: { id: String(COLLECTOR_ID), name: 'Alcancía', type: 'collector' },
    date_created: mpDate(),
    unique_sequence_number: null,
    refund_mode: 'standard',
    adjustment_amount: 0,
    status: 'approved',
    reason: null,
    amount_refunded_to_payer: value,
  };
  payment.refunds.push(refund);
  payment.transaction_amount_refunded = roundMoney(payment.transaction_amount_refunded + value);
  if (payment.transaction_amount_refunded >= payment.transaction_amount) {
    payment.status = 'refunded';
    payment.status_detail = 'refunded';
  } else {
    payment.status_detail = 'partially_refunded';
  }
  touch(context, payment);
  return refund;
}

/** Ends a pending (in_process) payment, the way Mercado Pago resolves a contingency later. */
export function settlePayment(
  context: EmulatorContext,
  payment: PaymentResource,
  status: Extract<PaymentStatus, 'approved' | 'rejected'>,
): PaymentResource {
  if (payment.status !== 'in_process') {
    throw badRequest('Only an in_process payment can be settled', {
      code: 'not_pending',
      description: `The payment is ${payment.status}`,
    });
  }
  payment.status = status;
  if (status === 'approved') {
    payment.status_detail = 'accredited';
    payment.date_approved = mpDate();
    payment.money_release_date = payment.date_approved;
    payment.transaction_details.net_received_amount = payment.transaction_amount;
  } else {
    payment.status_detail = 'cc_rejected_other_reason';
  }
  touch(context, payment);
  return payment;
}
