/**
 * The payments port: what our modules need from a card payment provider, in our own terms
 * (centavos, Dates, string ids). The Mercado Pago adapter implements it with the official SDK;
 * tests may wrap it to play stale or failing answers.
 */

/** A billing or trial period as the provider counts it. */
export interface BillingPeriod {
  frequency: number;
  frequencyType: 'months' | 'days';
}

export interface GatewayPayment {
  id: string;
  /** approved, in_process, pending, authorized, rejected, cancelled, refunded, charged_back, … */
  status: string;
  statusDetail: string | null;
  amountCentavos: number;
  refundedCentavos: number;
  currency: string;
  /** `<kind>:<order id>`: routes the payment to the module that sold it */
  externalReference: string | null;
  /** set on the charges of a recurring subscription */
  subscriptionId: string | null;
  operationType: string | null;
  approvedAt: Date | null;
  /** the provider's payment method (visa, master, account_money…), for receipts; unknown when absent */
  paymentMethod?: string | null;
  /** installments the payer chose (1 when absent) */
  installments?: number;
  /**
   * what the payer pays in all, financing included, and each installment (the provider's
   * transaction_details.total_paid_amount and installment_amount); absent when it does not say
   */
  totalPaidCentavos?: number | null;
  installmentCentavos?: number | null;
  /** the card's last four digits (card payments only) */
  cardLastFour?: string | null;
}

export interface GatewaySubscription {
  id: string;
  /** authorized, paused, cancelled, pending */
  status: string;
  externalReference: string | null;
  amountCentavos: number;
  /** when the next charge is due (the end of the free trial before the first one) */
  nextPaymentDate: Date | null;
  /** the card's brand the provider charges (visa, master, …), when it says */
  paymentMethodId: string | null;
}

/** One charge attempt of a subscription ("authorized payment", an invoice). */
export interface GatewayInvoice {
  id: string;
  subscriptionId: string | null;
  paymentId: string | null;
}

export interface CreateSubscriptionInput {
  reason: string;
  externalReference: string;
  payerEmail: string;
  cardToken: string;
  amountCentavos: number;
  period: BillingPeriod;
  freeTrial: BillingPeriod | null;
  backUrl: string;
  idempotencyKey: string;
  /** when the first charge is due (a reactivation starts at the end of the paid period); default now */
  startDate?: Date;
}

export interface CreateCardPaymentInput {
  amountCentavos: number;
  cardToken: string;
  installments: number;
  paymentMethodId: string;
  issuerId: string | null;
  description: string;
  externalReference: string;
  payer: { email: string; identification: { type: string; number: string } | null };
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreatePreferenceInput {
  items: { id: string; title: string; unitPriceCentavos: number }[];
  payer: { email: string; name: string; surname: string; phone: string };
  backUrls: { success: string; pending: string; failure: string };
  maxInstallments: number;
  externalReference: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** Which card the installment options are for: its BIN, or its payment method (and issuer). */
export interface InstallmentOptionsInput {
  amountCentavos: number;
  bin: string | null;
  paymentMethodId: string | null;
  issuerId: string | null;
}

/** One way of paying an amount in installments, as the provider offers it for a card. */
export interface GatewayInstallmentOption {
  installments: number;
  installmentAmountCentavos: number;
  totalAmountCentavos: number;
  /** percent of interest; 0 = interest-free */
  rate: number;
  /** the provider's wording, e.g. "3 cuotas sin interés de $ 5.000,00" */
  recommendedMessage: string | null;
}

export interface WebhookProof {
  signature: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
}

/** What a card token says of its card: enough to recognise the card again, never the number. */
export interface GatewayCardToken {
  id: string;
  firstSixDigits: string;
  lastFourDigits: string;
  /** the card's expiry as the provider read it (null when it does not say) */
  expirationMonth: number | null;
  expirationYear: number | null;
  /** the provider's id of a saved card the token was made from (null for a typed card) */
  cardId: string | null;
  /** the cardholder's document number, when the form sent one (typed by the buyer: not the card) */
  identificationNumber: string | null;
}

/** A card saved for a payer at the provider (its customer there), to be paid with again. */
export interface GatewaySavedCard {
  /** her customer at the provider (one per e-mail) */
  customerId: string;
  /** the saved card's id: what a token for it names (`GatewayCardToken.cardId`) */
  cardId: string;
  /** the provider's payment method (visa, master…) */
  brand: string | null;
  lastFour: string;
  expirationMonth: number | null;
  expirationYear: number | null;
}

export interface PaymentGateway {
  /** short provider code stored with orders and payments */
  readonly provider: 'MP';
  /** Starts a recurring charge on a card; a refused card throws PaymentRefusedError. */
  createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription>;
  getSubscription(id: string): Promise<GatewaySubscription>;
  cancelSubscription(id: string): Promise<GatewaySubscription>;
  /** Replaces the card a subscription charges (the provider may charge a pending invoice with it at once). */
  updateSubscriptionCard(id: string, cardToken: string): Promise<GatewaySubscription>;
  /** Changes what a subscription charges per period from its next charge on (a price change, decision 68). */
  updateSubscriptionAmount(id: string, amountCentavos: number): Promise<GatewaySubscription>;
  getPayment(id: string): Promise<GatewayPayment>;
  /**
   * Every payment carrying this external reference (`<kind>:<order id>`), newest first: what the
   * provider charged for an order whose notifications or create answer never reached us.
   */
  searchPayments(externalReference: string): Promise<GatewayPayment[]>;
  /** Reads a card token (does not use it up). */
  getCardToken(id: string): Promise<GatewayCardToken>;
  /**
   * Saves the card a token was made from for the payer with this e-mail (her customer at the
   * provider, found by e-mail or created), so she can pay with it again typing only the security
   * code. The token may already have paid: saving after a successful payment is the documented way.
   */
  saveCard(input: { email: string; cardToken: string }): Promise<GatewaySavedCard>;
  /**
   * A single-use token of a card saved for her (`customerId`, `cardId`), made by our server for a
   * charge on file (a reactivation, decision 0283): without `securityCode` when the provider allows
   * it; when it asks for the code, this throws (PaymentProviderError) and she is asked for it.
   */
  savedCardToken(input: { customerId: string; cardId: string; securityCode?: string }): Promise<string>;
  getInvoice(id: string): Promise<GatewayInvoice>;
  refundPayment(
    paymentId: string,
    amountCentavos: number,
    idempotencyKey: string,
  ): Promise<{ id: string; amountCentavos: number }>;
  /**
   * One-off card payment (programs). A card the provider refuses comes back as a payment with status
   * rejected; a request it refuses outright (a used token, installments it does not offer) throws
   * PaymentRefusedError with the provider's detail. Nothing is charged in either case.
   */
  createCardPayment(input: CreateCardPaymentInput): Promise<GatewayPayment>;
  /** The installment plans the provider offers for this card and amount (empty: unknown card). */
  getInstallmentOptions(input: InstallmentOptionsInput): Promise<GatewayInstallmentOption[]>;
  /** Redirect checkout (guest tiers). */
  createPreference(input: CreatePreferenceInput): Promise<{ id: string; initPoint: string }>;
  /** True when the notification was signed with our webhook secret. */
  verifyNotification(proof: WebhookProof): boolean;
}

/** The provider refused the card before anything was charged. */
export class PaymentRefusedError extends Error {
  constructor(public readonly statusDetail: string) {
    super(`payment refused: ${statusDetail}`);
    this.name = 'PaymentRefusedError';
  }
}

/** The provider does not know the id (e.g. a test notification from its panel). */
export class PaymentNotFoundError extends Error {
  constructor(what: string) {
    super(`not found at the provider: ${what}`);
    this.name = 'PaymentNotFoundError';
  }
}

/** Anything else: unreachable, 5xx, bad credentials. Nothing to tell the payer but "try later". */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
