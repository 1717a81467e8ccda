import {
  CardToken,
  Customer,
  CustomerCard,
  Invoice,
  MercadoPagoConfig,
  MercadoPagoError,
  Payment,
  PaymentRefund,
  PreApproval,
  Preference,
  WebhookSignatureValidator,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { RestClient } from 'mercadopago/dist/utils/restClient/index.js';
import {
  type CreateCardPaymentInput,
  type CreatePreferenceInput,
  type CreateSubscriptionInput,
  type GatewayCardToken,
  type GatewayInstallmentOption,
  type GatewayInvoice,
  type GatewayPayment,
  type GatewaySavedCard,
  type GatewaySubscription,
  type InstallmentOptionsInput,
  type PaymentGateway,
  PaymentNotFoundError,
  PaymentProviderError,
  PaymentRefusedError,
  type WebhookProof,
} from './payment-gateway';

export interface MercadoPagoSettings {
  accessToken: string;
  webhookSecret: string;
  /** https://api.mercadopago.com, or an emulator */
  baseUrl: string;
  /** where Mercado Pago notifies one-off payments (subscriptions use the panel's setting) */
  notificationUrl: string;
  /** retries of 429/5xx answers (same idempotency key); 0 in tests so failures stay fast */
  maxRetries: number;
  timeoutMs: number;
}

/** A signed notification older (or newer) than this is refused: a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 10 * 60;

const toCentavos = (pesos: number | string | null | undefined) => Math.round(Number(pesos ?? 0) * 100);
const toPesos = (centavos: number) => centavos / 100;
const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Mercado Pago's refusal detail (cc_rejected_…) from an error's causes or message. */
function refusalDetail(error: MercadoPagoError): string {
  for (const cause of error.causes) {
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('cc_rejected_')) return code;
  }
  return /cc_rejected_\w+/.exec(error.message)?.[0] ?? 'unknown';
}

function providerError(error: unknown, what: string): Error {
  if (error instanceof MercadoPagoError) {
    if (error.status === 404) return new PaymentNotFoundError(what);
    return new PaymentProviderError(`${what}: ${error.status} ${error.message}`, error.status, {
      cause: error,
    });
  }
  return new PaymentProviderError(`${what}: ${(error as Error)?.message ?? error}`, null, { cause: error });
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw providerError(error, what);
  }
}

// The SDK's response types mark every field optional and some as `any`: read them loosely here,
// once, and hand the rest of the app our own types.
type Loose = Record<string, unknown>;

function toPayment(raw: Loose): GatewayPayment {
  const metadata = (raw.metadata ?? {}) as Loose;
  const interaction = (raw.point_of_interaction ?? {}) as { transaction_data?: Loose };
  const subscriptionId = metadata.preapproval_id ?? interaction.transaction_data?.subscription_id ?? null;
  return {
    id: String(raw.id),
    status: String(raw.status ?? 'unknown'),
    statusDetail: (raw.status_detail as string | undefined) ?? null,
    amountCentavos: toCentavos(raw.transaction_amount as number),
    refundedCentavos: toCentavos(raw.transaction_amount_refunded as number),
    currency: String(raw.currency_id ?? 'ARS'),
    externalReference: (raw.external_reference as string | undefined) ?? null,
    subscriptionId: subscriptionId === null ? null : String(subscriptionId),
    operationType: (raw.operation_type as string | undefined) ?? null,
    approvedAt: toDate(raw.date_approved as string | undefined),
    paymentMethod: (raw.payment_method_id as string | undefined) ?? null,
    installments: Number(raw.installments ?? 1) || 1,
    ...financingOf(raw.transaction_details),
    cardLastFour: lastFourOf(raw.card),
  };
}

/** What the payer pays in all and per installment, when the provider says (issue 27, point 7). */
function financingOf(details: unknown): {
  totalPaidCentavos: number | null;
  installmentCentavos: number | null;
} {
  const { total_paid_amount: total, installment_amount: each } = (details ?? {}) as {
    total_paid_amount?: unknown;
    installment_amount?: unknown;
  };
  const centavos = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? toCentavos(value) : null;
  return { totalPaidCentavos: centavos(total), installmentCentavos: centavos(each) };
}

/** The card's last four digits when the provider gives them (never more of the number). */
function lastFourOf(card: unknown): string | null {
  const digits = (card as { last_four_digits?: unknown } | null)?.last_four_digits;
  return typeof digits === 'string' && /^\d{4}$/.test(digits) ? digits : null;
}

function toSubscription(raw: Loose): GatewaySubscription {
  const recurring = (raw.auto_recurring ?? {}) as Loose;
  return {
    id: String(raw.id),
    status: String(raw.status ?? 'unknown'),
    externalReference: (raw.external_reference as string | undefined) ?? null,
    amountCentavos: toCentavos(recurring.transaction_amount as number),
    nextPaymentDate: toDate(raw.next_payment_date as string | undefined),
    paymentMethodId: (raw.payment_method_id as string | undefined) ?? null,
  };
}

/**
 * The Mercado Pago adapter, on the official SDK 3.x. Every call gets a fresh SDK config: an
 * idempotency key passed once sticks to the config it was passed with and would be silently
 * reused by the next call (see EXTERNALS.md), so sharing one config is a double-charge risk.
 */
export class MercadoPagoGateway implements PaymentGateway {
  readonly provider = 'MP' as const;

  constructor(private readonly settings: MercadoPagoSettings) {
    // The SDK has no base-URL option: it reads the static AppConfig.BASE_URL (typed readonly) on
    // every request. Assigning it here, once, is what points the real SDK at the local emulator in
    // development and tests. It is process-wide, so one process talks to one Mercado Pago.
    (AppConfig as { BASE_URL: string }).BASE_URL = settings.baseUrl.replace(/\/$/, '');
  }

  private config(): MercadoPagoConfig {
    return new MercadoPagoConfig({
      accessToken: this.settings.accessToken,
      options: { maxRetries: this.settings.maxRetries, timeout: this.settings.timeoutMs },
    });
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription> {
    const autoRecurring = {
      frequency: input.period.frequency,
      frequency_type: input.period.frequencyType,
      transaction_amount: toPesos(input.amountCentavos),
      currency_id: 'ARS',
      ...(input.startDate ? { start_date: input.startDate.toISOString() } : {}),
      ...(input.freeTrial
        ? {
            free_trial: {
              frequency: input.freeTrial.frequency,
              frequency_type: input.freeTrial.frequencyType,
            },
          }
        : {}),
    };
    try {
      const created = await new PreApproval(this.config()).create({
        body: {
          reason: input.reason,
          external_reference: input.externalReference,
          payer_email: input.payerEmail,
          card_token_id: input.cardToken,
          status: 'authorized',
          back_url: input.backUrl,
          auto_recurring: autoRecurring,
        },
        requestOptions: { idempotencyKey: input.idempotencyKey },
      });
      return toSubscription(created as unknown as Loose);
    } catch (error) {
      // 400/402/422 on creation: the card (or its token) was refused, nothing was charged.
      if (error instanceof MercadoPagoError && [400, 402, 422].includes(error.status)) {
        throw new PaymentRefusedError(refusalDetail(error));
      }
      throw providerError(error, 'create subscription');
    }
  }

  getSubscription(id: string): Promise<GatewaySubscription> {
    return call(`subscription ${id}`, async () =>
      toSubscription((await new PreApproval(this.config()).get({ id })) as unknown as Loose),
    );
  }

  cancelSubscription(id: string): Promise<GatewaySubscription> {
    return call(`cancel subscription ${id}`, async () =>
      toSubscription(
        (await new PreApproval(this.config()).update({
          id,
          body: { status: 'cancelled' },
        })) as unknown as Loose,
      ),
    );
  }

  updateSubscriptionAmount(id: string, amountCentavos: number): Promise<GatewaySubscription> {
    return call(`update subscription amount ${id}`, async () =>
      toSubscription(
        (await new PreApproval(this.config()).update({
          id,
          body: { auto_recurring: { transaction_amount: amountCentavos / 100, currency_id: 'ARS' } },
        })) as unknown as Loose,
      ),
    );
  }

  async updateSubscriptionCard(id: string, cardToken: string): Promise<GatewaySubscription> {
    try {
      const updated = await new PreApproval(this.config()).update({ id, body: { card_token_id: cardToken } });
      return toSubscription(updated as unknown as Loose);
    } catch (error) {
      // 400/402/422: the new card (or its token) was refused; the old card stays.
      if (error instanceof MercadoPagoError && [400, 402, 422].includes(error.status)) {
        throw new PaymentRefusedError(refusalDetail(error));
      }
      throw providerError(error, `update subscription card ${id}`);
    }
  }

  getPayment(id: string): Promise<GatewayPayment> {
    return call(`payment ${id}`, async () =>
      toPayment((await new Payment(this.config()).get({ id })) as unknown as Loose),
    );
  }

  searchPayments(externalReference: string): Promise<GatewayPayment[]> {
    return call(`payments of ${externalReference}`, async () => {
      // One order has a handful of payments (a checkout and its retries, or a subscription's monthly
      // renewals): the newest hundred are all that a reconciliation needs.
      const found = await new Payment(this.config()).search({
        options: {
          external_reference: externalReference,
          sort: 'date_created',
          criteria: 'desc',
          limit: 100,
        },
      });
      return (found.results ?? []).map((raw) => toPayment(raw as unknown as Loose));
    });
  }

  getCardToken(id: string): Promise<GatewayCardToken> {
    return call(`card token ${id}`, async () => {
      const raw = (await new CardToken(this.config()).get({ id })) as unknown as Loose;
      const holder = (raw.cardholder ?? {}) as { identification?: { number?: unknown } };
      const number = holder.identification?.number;
      const month = Number(raw.expiration_month);
      const year = Number(raw.expiration_year);
      return {
        id: String(raw.id),
        firstSixDigits: String(raw.first_six_digits ?? ''),
        lastFourDigits: String(raw.last_four_digits ?? ''),
        expirationMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
        expirationYear: Number.isInteger(year) && year > 0 ? (year < 100 ? 2000 + year : year) : null,
        cardId:
          raw.card_id === null || raw.card_id === undefined || raw.card_id === ''
            ? null
            : String(raw.card_id),
        identificationNumber: typeof number === 'string' && number ? number : null,
      };
    });
  }

  /** Her customer at Mercado Pago: one per e-mail, found by search or created (a race loses to cause 101). */
  private async customerIdFor(email: string): Promise<string> {
    const customers = new Customer(this.config());
    const found = async () => {
      const page = await customers.search({ options: { email } });
      const id = page.results?.[0]?.id;
      return id ? String(id) : null;
    };
    const existing = await found();
    if (existing) return existing;
    try {
      const created = await customers.create({ body: { email } });
      if (created.id) return String(created.id);
    } catch (error) {
      const exists =
        error instanceof MercadoPagoError &&
        error.causes.some((cause) => String((cause as { code?: unknown } | null)?.code) === '101');
      if (!exists) throw error;
    }
    const again = await found();
    if (!again) throw new PaymentProviderError(`customer for ${email}: neither found nor created`, null);
    return again;
  }

  savedCardToken(input: { customerId: string; cardId: string; securityCode?: string }): Promise<string> {
    return call('saved card token', async () => {
      const token = (await new CardToken(this.config()).create({
        body: {
          card_id: input.cardId,
          customer_id: input.customerId,
          ...(input.securityCode ? { security_code: input.securityCode } : {}),
        },
      })) as unknown as Loose;
      if (!token.id) throw new Error('the card token has no id');
      return String(token.id);
    });
  }

  saveCard(input: { email: string; cardToken: string }): Promise<GatewaySavedCard> {
    return call('save card', async () => {
      const customerId = await this.customerIdFor(input.email);
      const card = (await new CustomerCard(this.config()).create({
        customerId,
        body: { token: input.cardToken },
      })) as unknown as Loose;
      const method = (card.payment_method ?? {}) as { id?: unknown };
      const month = Number(card.expiration_month);
      const year = Number(card.expiration_year);
      const lastFour = lastFourOf(card);
      if (!card.id || !lastFour) throw new Error('the saved card has no id or last four digits');
      return {
        customerId: String(card.customer_id ?? customerId),
        cardId: String(card.id),
        brand: typeof method.id === 'string' ? method.id : null,
        lastFour,
        expirationMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
        expirationYear: Number.isInteger(year) && year > 0 ? year : null,
      };
    });
  }

  getInvoice(id: string): Promise<GatewayInvoice> {
    return call(`authorized payment ${id}`, async () => {
      const raw = (await new Invoice(this.config()).get({ id })) as unknown as Loose;
      const payment = (raw.payment ?? null) as { id?: unknown } | null;
      return {
        id: String(raw.id),
        subscriptionId: raw.preapproval_id ? String(raw.preapproval_id) : null,
        paymentId: payment?.id ? String(payment.id) : null,
      };
    });
  }

  refundPayment(paymentId: string, amountCentavos: number, idempotencyKey: string) {
    return call(`refund payment ${paymentId}`, async () => {
      const refund = await new PaymentRefund(this.config()).create({
        payment_id: paymentId,
        body: { amount: toPesos(amountCentavos) },
        requestOptions: { idempotencyKey },
      });
      return { id: String(refund.id), amountCentavos: toCentavos(refund.amount) };
    });
  }

  async createCardPayment(input: CreateCardPaymentInput): Promise<GatewayPayment> {
    try {
      const created = await new Payment(this.config()).create({
        body: {
          transaction_amount: toPesos(input.amountCentavos),
          token: input.cardToken,
          installments: input.installments,
          payment_method_id: input.paymentMethodId,
          ...(input.issuerId ? { issuer_id: Number(input.issuerId) } : {}),
          description: input.description,
          external_reference: input.externalReference,
          notification_url: this.settings.notificationUrl,
          metadata: input.metadata,
          payer: {
            email: input.payer.email,
            ...(input.payer.identification ? { identification: input.payer.identification } : {}),
          },
        },
        requestOptions: { idempotencyKey: input.idempotencyKey },
      });
      return toPayment(created as unknown as Loose);
    } catch (error) {
      // 400/402/422: the request was refused (a used or bad token, installments not offered…) and
      // nothing was charged; a card verdict, when there is one, is in the causes.
      if (error instanceof MercadoPagoError && [400, 402, 422].includes(error.status)) {
        throw new PaymentRefusedError(refusalDetail(error));
      }
      throw providerError(error, 'create payment');
    }
  }

  /**
   * GET /v1/payment_methods/installments. The SDK has no client for it (MercadoPago.js calls it
   * from the browser), so it goes through the SDK's own REST client: same base URL, timeouts,
   * retries and typed errors as every other call.
   */
  getInstallmentOptions(input: InstallmentOptionsInput): Promise<GatewayInstallmentOption[]> {
    return call('installment options', async () => {
      const queryParams: Record<string, string | number> = { amount: toPesos(input.amountCentavos) };
      if (input.bin) queryParams.bin = input.bin;
      if (input.paymentMethodId) queryParams.payment_method_id = input.paymentMethodId;
      if (input.issuerId) queryParams['issuer.id'] = input.issuerId;
      const answer = await RestClient.fetch<Loose[]>('/v1/payment_methods/installments', {
        headers: { Authorization: `Bearer ${this.settings.accessToken}` },
        queryParams,
        maxRetries: this.settings.maxRetries,
        timeout: this.settings.timeoutMs,
      });
      const list = Array.isArray(answer) ? answer : [];
      const method =
        list.find((entry) => !input.paymentMethodId || entry.payment_method_id === input.paymentMethodId) ??
        null;
      const costs = (method?.payer_costs ?? []) as Loose[];
      return costs.map((cost) => ({
        installments: Number(cost.installments),
        installmentAmountCentavos: toCentavos(cost.installment_amount as number),
        totalAmountCentavos: toCentavos(cost.total_amount as number),
        rate: Number(cost.installment_rate ?? 0),
        recommendedMessage: (cost.recommended_message as string | undefined) ?? null,
      }));
    });
  }

  createPreference(input: CreatePreferenceInput) {
    return call('create preference', async () => {
      const created = await new Preference(this.config()).create({
        body: {
          items: input.items.map((item) => ({
            id: item.id,
            title: item.title,
            quantity: 1,
            unit_price: toPesos(item.unitPriceCentavos),
            currency_id: 'ARS',
          })),
          payer: {
            email: input.payer.email,
            name: input.payer.name,
            surname: input.payer.surname,
            phone: { number: input.payer.phone },
          },
          back_urls: input.backUrls,
          auto_return: 'approved',
          binary_mode: true,
          payment_methods: { installments: input.maxInstallments },
          external_reference: input.externalReference,
          notification_url: this.settings.notificationUrl,
          metadata: input.metadata,
        },
        requestOptions: { idempotencyKey: input.idempotencyKey },
      });
      return { id: String(created.id), initPoint: String(created.init_point) };
    });
  }

  verifyNotification({ signature, requestId, dataId }: WebhookProof): boolean {
    if (!dataId) return false;
    try {
      WebhookSignatureValidator.validate({
        xSignature: signature,
        xRequestId: requestId,
        // Mercado Pago signs alphanumeric ids in lower case.
        dataId: dataId.toLowerCase(),
        secret: this.settings.webhookSecret,
        toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      });
      return true;
    } catch {
      return false;
    }
  }
}
