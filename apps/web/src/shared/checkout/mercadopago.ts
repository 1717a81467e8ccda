import type { PaymentsConfig } from '@alcancia/contract';
import { apiRequest } from '../../lib/api-client';

/**
 * The part of MercadoPago.js v2 the card form uses: its documented core methods. Production loads
 * the real library (https://sdk.mercadopago.com/js/v2); outside production GET /api/payments/config
 * points at the emulator's `window.MercadoPago` stand-in, which has the same methods and shapes.
 * Nothing else (cardForm, secure fields, bricks) is used, so both behave the same for our code.
 */
export interface IdentificationType {
  id: string;
  name: string;
  type?: string;
  min_length?: number;
  max_length?: number;
}

export interface PaymentMethod {
  id: string;
  name: string;
  payment_type_id?: string;
  settings?: {
    card_number?: { length?: number };
    security_code?: { length?: number; card_location?: string };
  }[];
  issuer?: { id: number | string; name?: string };
}

export interface Issuer {
  id: string | number;
  name: string;
}

export interface PayerCost {
  installments: number;
  installment_rate: number;
  installment_amount: number;
  total_amount: number;
  recommended_message?: string;
}

export interface InstallmentsResult {
  payment_method_id: string;
  issuer?: { id: string | number; name?: string };
  payer_costs: PayerCost[];
}

export interface CardTokenInput {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
  identificationType: string;
  identificationNumber: string;
}

/** A card saved for her at Mercado Pago: its id and the security code typed again. */
export interface SavedCardTokenInput {
  cardId: string;
  securityCode: string;
}

export interface CardToken {
  id: string;
  first_six_digits?: string;
  last_four_digits?: string;
}

export interface MercadoPagoInstance {
  getIdentificationTypes(): Promise<IdentificationType[]>;
  getPaymentMethods(params: { bin: string }): Promise<{ results: PaymentMethod[] }>;
  getIssuers(params: { paymentMethodId: string; bin: string }): Promise<Issuer[]>;
  getInstallments(params: { amount: string; bin: string; locale?: string }): Promise<InstallmentsResult[]>;
  createCardToken(params: CardTokenInput | SavedCardTokenInput): Promise<CardToken>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

export const mercadoPagoLocale = 'es-AR';

export function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiRequest<PaymentsConfig>('/payments/config', { signal, authenticated: false });
}

/** Adds `<script src>` once and resolves when it ran (a failed load can be tried again). */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.mercadopago = 'sdk';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`No se pudo cargar ${src}`));
    });
    document.head.append(script);
  });
}

let instance: Promise<MercadoPagoInstance> | null = null;

/**
 * MercadoPago.js, loaded on demand (only checkout pages call this, so no other page pays for it)
 * and initialised once with the public key and the es-AR locale. When `window.MercadoPago` is
 * already there, the script is not loaded again.
 */
export function loadMercadoPago(): Promise<MercadoPagoInstance> {
  instance ??= (async () => {
    const config = await fetchPaymentsConfig();
    if (!window.MercadoPago) await loadScript(config.sdkUrl);
    const MercadoPago = window.MercadoPago;
    if (!MercadoPago) throw new Error('MercadoPago.js no quedó disponible.');
    return new MercadoPago(config.publicKey, { locale: mercadoPagoLocale });
  })().catch((error: unknown) => {
    instance = null;
    throw error;
  });
  return instance;
}
