import type { InstallmentOption, ProgramPreview } from '@alcancia/contract';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { academyCoursePath, academyPath, plansPath, programsPath } from '../../lib/paths';
import { type AppReturnInfo, appDeepLinkOf } from '../../shared/checkout/app-return';
import { isCountryBlocked } from '../../shared/checkout/country-gate';
import { financingTerms, formatRate } from '../../shared/checkout/financing';
import { installmentError } from '../../shared/checkout/installments';
import { otherPaymentMethodsPath } from '../../shared/checkout/other-payment-methods';
import { promoErrorText } from '../../shared/checkout/promo-messages';

/**
 * Pure rules of the program checkout (purchases spec §4, §5, §8): the preview errors' dialogs, the
 * country gate, the installment selector, where the flow ends after success or exhausted attempts.
 */

export const programCoursePath = (id: string) => academyCoursePath(id);

/** Where closing a dialog leads: a route of the app, or nowhere (the checkout stays). */
export type DialogClose = { kind: 'navigate'; path: string } | { kind: 'stay' };

export interface CheckoutDialog {
  title: string;
  text: string;
  actionLabel: string;
  close: DialogClose;
  /** the technical reference shown small (support recognises it) */
  reference?: string;
}

/** ALREADY_PURCHASED, from the preview or from the user's purchases: closing opens the course. */
export function alreadyPurchasedDialog(programId: string): CheckoutDialog {
  return {
    title: '¡Ya lo compraste!',
    text: 'Este programa ya es tuyo, así que no hace falta comprarlo de nuevo. Entrá cuando quieras.',
    actionLabel: 'Ir al programa',
    close: { kind: 'navigate', path: programCoursePath(programId) },
  };
}

/**
 * The preview's errors by internalCode (spec §8). ALREADY_PURCHASED closes to the course and
 * PROMO_CODE ('Atención' with the server's message in the user's words) keeps the checkout; the
 * program-rule errors lead to where the user can go on; anything else shows its code and message
 * and closes to home.
 */
export function previewErrorDialog(error: unknown, programId: string): CheckoutDialog {
  const code = error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR';
  switch (code) {
    case 'NOT_FOUND':
      return {
        title: 'Programa no encontrado',
        text: 'No encontramos el programa que querés comprar. Revisá el enlace o mirá los programas disponibles.',
        actionLabel: 'Ver programas',
        close: { kind: 'navigate', path: programsPath },
      };
    case 'NOT_PROGRAM':
      return {
        title: 'No es un programa',
        text: 'Lo que querés comprar no es un programa. Los cursos de la academia se ven con tu suscripción.',
        actionLabel: 'Ver programas',
        close: { kind: 'navigate', path: programsPath },
      };
    case 'ONLY_SUBSCRIBERS':
      return {
        title: 'Programa exclusivo para suscriptoras',
        text: 'Este programa es solo para quienes tienen una suscripción activa. Suscribite y después vas a poder comprarlo.',
        actionLabel: 'Ver planes',
        close: { kind: 'navigate', path: plansPath },
      };
    case 'ONLY_UNSUBSCRIBERS':
      return {
        title: 'Este programa no es para tu cuenta',
        text: 'Este programa es para quienes todavía no tienen una suscripción. Con la tuya ya tenés todos los cursos de la academia.',
        actionLabel: 'Ir a la academia',
        close: { kind: 'navigate', path: academyPath },
      };
    case 'ALREADY_PURCHASED':
      return alreadyPurchasedDialog(programId);
    case 'PROMO_CODE':
      return {
        title: 'Atención',
        text: promoErrorText(error),
        actionLabel: 'Entendido',
        close: { kind: 'stay' },
      };
    default:
      return {
        title: 'No pudimos cargar el programa',
        text:
          error instanceof ApiError && error.message
            ? error.message
            : 'Ocurrió un error inesperado. Probá de nuevo en unos minutos.',
        actionLabel: 'Volver al inicio',
        close: { kind: 'navigate', path: '/' },
        reference: code,
      };
  }
}

/**
 * Spec §5: a program is bought only inside its sale window. The server refuses the payment
 * anyway; the checkout says it before the card is typed.
 */
export function saleClosedDialog(preview: Pick<ProgramPreview, 'saleStatus'>): CheckoutDialog | null {
  if (preview.saleStatus === 'OPEN') return null;
  return {
    title: 'Este programa no está a la venta',
    text:
      preview.saleStatus === 'BEFORE'
        ? 'La inscripción todavía no abrió. Volvé a Programas & Packs para ver cuándo empieza.'
        : 'La inscripción ya cerró. Mirá los otros programas disponibles.',
    actionLabel: 'Ver programas',
    close: { kind: 'navigate', path: programsPath },
  };
}

/**
 * Country gate (spec §4): an account outside Argentina goes to the plan list (its Argentina-only
 * panel). When the user could not be read the country counts as Argentina (the 'Error user data'
 * alert then ends the visit). An account without a country is not outside: the shell's onboarding
 * form asks for it first, and the checkout waits for the answer (`awaitsCountry` in payments/country-gate.ts).
 */
export function isOutsideArgentina(input: { userFailed: boolean; countryCode: string | null | undefined }) {
  return !input.userFailed && isCountryBlocked(input.countryCode);
}

/* ---------- installments (spec §5) ---------- */

/** The selector is offered only when the program allows 2 installments or more. */
export function offersInstallments(maxInstallments: number): boolean {
  return maxInstallments >= 2;
}

/** A choice that is no longer among the options (another card) is dropped. */
export function keptChoice(options: readonly InstallmentOption[] | undefined, chosen: number | null) {
  if (chosen === null || !options) return null;
  return options.some((option) => option.installments === chosen) ? chosen : null;
}

/**
 * 'Elegí una opción para avanzar' when the selector is offered, has more than one option and none
 * is chosen; the purchase is then blocked.
 */
export function installmentChoiceError(
  offered: boolean,
  options: readonly InstallmentOption[] | undefined,
  chosen: number | null,
): string | null {
  if (!offered || !options) return null;
  return installmentError(options, keptChoice(options, chosen));
}

/** What is sent: the choice, the single option, or 1 (the default, spec §9). */
export function installmentsToPay(
  offered: boolean,
  options: readonly InstallmentOption[] | undefined,
  chosen: number | null,
): number {
  if (!offered) return 1;
  const kept = keptChoice(options, chosen);
  if (kept !== null) return kept;
  if (options?.length === 1 && options[0]) return options[0].installments;
  return 1;
}

/** "1 pago de $ 89.000", "3 cuotas sin interés de $ 29.666,67", "6 cuotas de $ 17.800 (total $ 106.800)". */
export function installmentLabel(option: InstallmentOption, cashPrice: number): string {
  if (option.installments === 1) return `1 pago de ${formatMoney(option.totalAmount)}`;
  const each = formatMoney(option.installmentAmount);
  const terms = financingTerms(option, cashPrice);
  // "sin interés" only when she pays nothing over the cash price (issue 28)
  return terms.interestFree
    ? `${option.installments} cuotas sin interés de ${each}`
    : `${option.installments} cuotas de ${each} (total ${formatMoney(option.totalAmount)}, CFTEA ${formatRate(terms.cftea)})`;
}

/* ---------- how the flow ends ---------- */

export type Destination = { kind: 'app'; url: string } | { kind: 'route'; path: string };

/**
 * After success (spec §4): back to the app (its return deep link or the default academy link)
 * when the purchase started there; else the academy for the program; else home.
 */
export function afterSuccessDestination(input: {
  appReturn: AppReturnInfo | null;
  programId: string | null | undefined;
}): Destination {
  if (input.appReturn?.fromApp) return { kind: 'app', url: appDeepLinkOf(input.appReturn) };
  if (input.programId) return { kind: 'route', path: programCoursePath(input.programId) };
  return { kind: 'route', path: '/' };
}

/** After exhaustedAttempts: the program's declined-payment form, or the default purchase form. */
export function exhaustedDestination(preview: Pick<ProgramPreview, 'id' | 'declinedPaymentFormUrl'>): string {
  const url = preview.declinedPaymentFormUrl?.trim();
  return url && /^https?:\/\//i.test(url)
    ? url
    : otherPaymentMethodsPath({ kind: 'program', programId: preview.id });
}
