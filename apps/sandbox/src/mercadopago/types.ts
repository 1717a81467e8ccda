// JSON shapes of the Mercado Pago resources the emulator keeps. Field names are the real API's
// (snake_case), so a stored resource is also what the REST endpoints answer.

export type CardBrand = 'visa' | 'master' | 'amex';

export interface Identification {
  type: string | null;
  number: string | null;
}

export interface Cardholder {
  name: string;
  identification: Identification;
}

export interface CardTokenResource {
  id: string;
  public_key: string | null;
  /** the saved card (`/v1/customers/{id}/cards`) the token was made from; null for a typed card */
  card_id: string | null;
  first_six_digits: string;
  last_four_digits: string;
  expiration_month: number;
  expiration_year: number;
  cardholder: Cardholder;
  status: 'active' | 'used';
  date_created: string;
  date_last_updated: string;
  date_due: string;
  date_used: string | null;
  luhn_validation: boolean;
  live_mode: false;
  require_esc: boolean;
  card_number_length: number;
  security_code_length: number;
}

/** What the emulator remembers of a card: never the full number or the security code. */
export interface StoredCard {
  brand: CardBrand;
  first_six_digits: string;
  last_four_digits: string;
  expiration_month: number;
  expiration_year: number;
  cardholder: Cardholder;
}

export interface StoredCardToken {
  resource: CardTokenResource;
  card: StoredCard;
}

/** A customer (`/v1/customers`): the payer a seller saves cards for, found again by e-mail. */
export interface CustomerResource {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: { area_code: string | null; number: string | null };
  identification: Identification;
  address: {
    id: string | null;
    zip_code: string | null;
    street_name: string | null;
    street_number: number | null;
  };
  description: string | null;
  date_registered: string | null;
  date_created: string;
  date_last_updated: string;
  metadata: Record<string, unknown>;
  default_card: string | null;
  default_address: string | null;
  cards: CustomerCardResource[];
  addresses: unknown[];
  live_mode: false;
}

/** A card saved for a customer (`/v1/customers/{id}/cards`): never the number or the security code. */
export interface CustomerCardResource {
  id: string;
  customer_id: string;
  user_id: string;
  expiration_month: number;
  expiration_year: number;
  first_six_digits: string;
  last_four_digits: string;
  payment_method: {
    id: CardBrand;
    name: string;
    payment_type_id: 'credit_card';
    thumbnail: string;
    secure_thumbnail: string;
  };
  security_code: { length: number; card_location: 'back' | 'front' };
  issuer: { id: number; name: string };
  cardholder: Cardholder;
  date_created: string;
  date_last_updated: string;
  live_mode: false;
}

export interface StoredCustomer {
  resource: Omit<CustomerResource, 'cards'>;
  /** by card id, in the order they were saved */
  cards: Record<string, { resource: CustomerCardResource; card: StoredCard }>;
}

export interface RefundResource {
  id: number;
  payment_id: number;
  amount: number;
  metadata: Record<string, unknown>;
  source: { id: string; name: string; type: string };
  date_created: string;
  unique_sequence_number: null;
  refund_mode: 'standard';
  adjustment_amount: number;
  status: 'approved';
  reason: null;
  amount_refunded_to_payer: number;
}

export type PaymentStatus = 'approved' | 'in_process' | 'rejected' | 'refunded';

export interface PaymentResource {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  money_release_date: string | null;
  operation_type: 'regular_payment' | 'recurring_payment';
  issuer_id: string;
  payment_method_id: CardBrand;
  payment_type_id: 'credit_card';
  status: PaymentStatus;
  status_detail: string;
  currency_id: 'ARS';
  description: string | null;
  live_mode: false;
  collector_id: number;
  payer: {
    id: string | null;
    email: string | null;
    identification: Identification;
    type: string | null;
  };
  metadata: Record<string, unknown>;
  additional_info: Record<string, unknown>;
  order: { id: string; type: 'mercadopago' } | Record<string, never>;
  external_reference: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  transaction_details: {
    net_received_amount: number;
    total_paid_amount: number;
    overpaid_amount: number;
    installment_amount: number;
    external_resource_url: null;
    financial_institution: null;
    payment_method_reference_id: null;
  };
  fee_details: unknown[];
  captured: boolean;
  binary_mode: boolean;
  statement_descriptor: string;
  card: {
    id: null;
    first_six_digits: string;
    last_four_digits: string;
    expiration_month: number;
    expiration_year: number;
    date_created: string;
    date_last_updated: string;
    cardholder: Cardholder;
  };
  notification_url: string | null;
  refunds: RefundResource[];
  processing_mode: 'aggregator';
  point_of_interaction: Record<string, unknown>;
}

export type FrequencyType = 'months' | 'days';

export interface Period {
  frequency: number;
  frequency_type: FrequencyType;
}

export type PreapprovalStatus = 'authorized' | 'paused' | 'cancelled';

export interface PreapprovalResource {
  id: string;
  payer_id: number;
  payer_email: string;
  back_url: string | null;
  collector_id: number;
  application_id: number;
  status: PreapprovalStatus;
  reason: string;
  external_reference: string | null;
  date_created: string;
  last_modified: string;
  init_point: null;
  auto_recurring: {
    frequency: number;
    frequency_type: FrequencyType;
    transaction_amount: number;
    currency_id: 'ARS';
    start_date: string;
    end_date: string | null;
    free_trial: Period | null;
  };
  summarized: {
    quotas: null;
    charged_quantity: number;
    pending_charge_quantity: null;
    charged_amount: number;
    pending_charge_amount: null;
    semaphore: 'green' | 'yellow' | 'red';
    last_charged_date: string | null;
    last_charged_amount: number | null;
  };
  next_payment_date: string;
  payment_method_id: CardBrand;
  card_id: null;
  first_invoice_offset: null;
}

export interface StoredPreapproval {
  resource: PreapprovalResource;
  card: StoredCard;
  notificationUrl: string | null;
}

/** A subscription invoice ("authorized payment"): one charge attempt of a preapproval. */
export interface AuthorizedPaymentResource {
  id: number;
  preapproval_id: string;
  type: 'scheduled';
  /** recycling: refused, being retried; cancelled: every retry failed */
  status: 'processed' | 'recycling' | 'cancelled';
  date_created: string;
  last_modified: string;
  debit_date: string;
  transaction_amount: number;
  currency_id: 'ARS';
  reason: string;
  external_reference: string | null;
  payer_id: number;
  /** how many of Mercado Pago's scheduled retries ran */
  retry_attempt: number;
  /** when Mercado Pago retries a recycling invoice next (null when it will not) */
  next_retry_date: string | null;
  payment: { id: number; status: PaymentStatus; status_detail: string };
}

export interface PreferenceItem {
  id: string | null;
  title: string;
  description: string | null;
  quantity: number;
  unit_price: number;
  currency_id: 'ARS';
}

export interface PreferenceResource {
  id: string;
  collector_id: number;
  client_id: string;
  date_created: string;
  items: PreferenceItem[];
  payer: { email: string | null; name: string | null; surname: string | null };
  back_urls: { success: string; pending: string; failure: string };
  auto_return: '' | 'approved' | 'all';
  binary_mode: boolean;
  payment_methods: { installments: number | null; excluded_payment_types: unknown[] };
  external_reference: string | null;
  notification_url: string | null;
  metadata: Record<string, unknown>;
  operation_type: 'regular_payment';
  site_id: 'MLA';
  init_point: string;
  sandbox_init_point: string;
}

export interface MerchantOrderResource {
  id: number;
  preference_id: string;
  external_reference: string | null;
  status: 'opened' | 'closed';
  order_status: 'payment_required' | 'paid' | 'payment_in_process';
  total_amount: number;
  paid_amount: number;
  payments: { id: number; status: PaymentStatus; status_detail: string; transaction_amount: number }[];
  date_created: string;
  last_updated: string;
}

export type NotificationType = 'payment' | 'subscription_preapproval' | 'subscription_authorized_payment';

/** The last notification sent about a resource, kept so it can be replayed. */
export interface NotificationRecord {
  url: string;
  body: {
    id: number;
    live_mode: false;
    type: NotificationType;
    date_created: string;
    user_id: number;
    api_version: 'v1';
    action: string;
    data: { id: string };
  };
}

export interface IdempotencyRecord {
  fingerprint: string;
  statusCode: number;
  response: unknown;
}

export interface EmulatorState {
  version: 1;
  nextId: number;
  /** how many of the next refund requests fail (armed through the control API) */
  failRefunds: number;
  cardTokens: Record<string, StoredCardToken>;
  customers: Record<string, StoredCustomer>;
  payments: Record<string, PaymentResource>;
  preapprovals: Record<string, StoredPreapproval>;
  authorizedPayments: Record<string, AuthorizedPaymentResource>;
  preferences: Record<string, PreferenceResource>;
  merchantOrders: Record<string, MerchantOrderResource>;
  idempotency: Record<string, IdempotencyRecord>;
  notifications: Record<string, NotificationRecord>;
}
