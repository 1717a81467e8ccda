import type { InstallmentOption } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { appAcademyDeepLink } from '../../shared/checkout/app-return';
import { promoTexts } from '../../shared/checkout/promo-messages';
import {
  afterSuccessDestination,
  exhaustedDestination,
  installmentChoiceError,
  installmentLabel,
  installmentsToPay,
  isOutsideArgentina,
  keptChoice,
  offersInstallments,
  previewErrorDialog,
  saleClosedDialog,
} from './checkout-rules';

const id = 'programa-inversora-inteligente';
const failure = (code: string, message = 'x', status = 400) => new ApiError(status, code, message);

/** What the emulator offers for 89.000 pesos, cut to 6: 1 and 3 interest-free, 6 at 20 %. */
const options: InstallmentOption[] = [
  {
    installments: 1,
    installmentAmount: 8_900_000,
    totalAmount: 8_900_000,
    interestFree: true,
    recommendedMessage: null,
  },
  {
    installments: 3,
    installmentAmount: 2_966_667,
    totalAmount: 8_900_000,
    interestFree: true,
    recommendedMessage: null,
  },
  {
    installments: 6,
    installmentAmount: 1_780_000,
    totalAmount: 10_680_000,
    interestFree: false,
    recommendedMessage: null,
  },
];

describe('program preview errors', () => {
  it('names the spec’s dialogs and their close behaviours', () => {
    expect(previewErrorDialog(failure('NOT_FOUND', 'Programa no encontrado', 404), id)).toMatchObject({
      title: 'Programa no encontrado',
      close: { kind: 'navigate', path: '/programas' },
    });
    expect(previewErrorDialog(failure('NOT_PROGRAM'), id).title).toBe('No es un programa');
    expect(previewErrorDialog(failure('ONLY_SUBSCRIBERS', 'x', 403), id)).toMatchObject({
      close: { kind: 'navigate', path: '/compra/suscripcion' },
    });
    expect(previewErrorDialog(failure('ONLY_UNSUBSCRIBERS', 'x', 403), id).close).toEqual({
      kind: 'navigate',
      path: '/academy',
    });
    // Each code has its own wording.
    const titles = ['NOT_FOUND', 'NOT_PROGRAM', 'ONLY_SUBSCRIBERS', 'ONLY_UNSUBSCRIBERS'].map(
      (code) => previewErrorDialog(failure(code), id).title,
    );
    expect(new Set(titles).size).toBe(4);
  });

  it('sends an owner to the course', () => {
    expect(previewErrorDialog(failure('ALREADY_PURCHASED', '¡Ya lo compraste!', 409), id)).toMatchObject({
      title: '¡Ya lo compraste!',
      close: { kind: 'navigate', path: `/academy/${id}` },
    });
  });

  it('shows a rejected promo code as ‘Atención’ in the user’s words and stays on checkout', () => {
    const dialog = previewErrorDialog(failure('PROMO_CODE', 'Expired promo code'), id);
    expect(dialog).toMatchObject({ title: 'Atención', text: promoTexts.expired, close: { kind: 'stay' } });
    expect(previewErrorDialog(failure('PROMO_CODE', 'Something new'), id).text).toBe(promoTexts.generic);
  });

  it('shows any other error with its code and message, closing to home', () => {
    expect(previewErrorDialog(failure('OUT_OF_SALE_WINDOW', 'No está a la venta.', 409), id)).toMatchObject({
      text: 'No está a la venta.',
      reference: 'OUT_OF_SALE_WINDOW',
      close: { kind: 'navigate', path: '/' },
    });
    expect(previewErrorDialog(new TypeError('boom'), id)).toMatchObject({
      reference: 'UNEXPECTED_ERROR',
      close: { kind: 'navigate', path: '/' },
    });
  });
});

describe('sale window', () => {
  it('lets the purchase go on only while the sale is open', () => {
    expect(saleClosedDialog({ saleStatus: 'OPEN' })).toBeNull();
    expect(saleClosedDialog({ saleStatus: 'BEFORE' })?.text).toMatch(/todavía no abrió/);
    expect(saleClosedDialog({ saleStatus: 'AFTER' })).toMatchObject({
      text: expect.stringMatching(/ya cerró/),
      close: { kind: 'navigate', path: '/programas' },
    });
  });
});

describe('country gate', () => {
  it('lets Argentina in and sends other countries away', () => {
    expect(isOutsideArgentina({ userFailed: false, countryCode: 'AR' })).toBe(false);
    expect(isOutsideArgentina({ userFailed: false, countryCode: 'MX' })).toBe(true);
  });

  it('does not send away an account without a country: the onboarding form asks for it first', () => {
    expect(isOutsideArgentina({ userFailed: false, countryCode: null })).toBe(false);
  });

  it('counts an unreadable user as Argentina', () => {
    expect(isOutsideArgentina({ userFailed: true, countryCode: undefined })).toBe(false);
  });
});

describe('installment selector', () => {
  it('is offered only for programs allowing 2 installments or more', () => {
    expect(offersInstallments(1)).toBe(false);
    expect(offersInstallments(2)).toBe(true);
    expect(offersInstallments(6)).toBe(true);
  });

  it('requires a choice among several options, and blocks nothing otherwise', () => {
    expect(installmentChoiceError(true, options, null)).toBe('Elegí una opción para avanzar');
    expect(installmentChoiceError(true, options, 3)).toBeNull();
    expect(installmentChoiceError(true, options.slice(0, 1), null)).toBeNull();
    // Not offered, or no card number yet: nothing to choose.
    expect(installmentChoiceError(false, options, null)).toBeNull();
    expect(installmentChoiceError(true, undefined, null)).toBeNull();
  });

  it('drops a choice the new card does not offer', () => {
    expect(keptChoice(options.slice(0, 2), 6)).toBeNull();
    expect(installmentChoiceError(true, options.slice(0, 2), 6)).toBe('Elegí una opción para avanzar');
    expect(keptChoice(options, 6)).toBe(6);
  });

  it('pays the choice, the only option, or a single payment by default', () => {
    expect(installmentsToPay(true, options, 3)).toBe(3);
    expect(installmentsToPay(true, options.slice(1, 2), null)).toBe(3);
    expect(installmentsToPay(false, options, 3)).toBe(1);
    expect(installmentsToPay(true, undefined, null)).toBe(1);
  });

  it('labels options in es-AR pesos, marking the interest-free ones', () => {
    expect(installmentLabel(options[0] as InstallmentOption, 8_900_000)).toMatch(/^1 pago de \$\s89\.000$/);
    expect(installmentLabel(options[1] as InstallmentOption, 8_900_000)).toMatch(
      /^3 cuotas sin interés de \$\s29\.666,67$/,
    );
    expect(installmentLabel(options[2] as InstallmentOption, 8_900_000)).toMatch(
      /^6 cuotas de \$\s17\.800 \(total \$\s106\.800, CFTEA 91,20\s%\)$/,
    );
    // a zero rate whose total is above the cash price is not "sin interés"
    expect(
      installmentLabel({ ...(options[1] as InstallmentOption), totalAmount: 9_000_000 }, 8_900_000),
    ).toMatch(/^3 cuotas de \$\s29\.666,67 \(total \$\s90\.000, CFTEA [\d,]+\s%\)$/);
  });
});

describe('how the purchase ends', () => {
  it('goes back to the app when the purchase started there', () => {
    expect(
      afterSuccessDestination({
        appReturn: { fromApp: true, deeplinkToReturn: 'alcancia://academy/x' },
        programId: id,
      }),
    ).toEqual({ kind: 'app', url: 'alcancia://academy/x' });
    expect(
      afterSuccessDestination({ appReturn: { fromApp: true, deeplinkToReturn: null }, programId: id }),
    ).toEqual({ kind: 'app', url: appAcademyDeepLink });
  });

  it('else opens the program in the academy, or goes home without one', () => {
    expect(afterSuccessDestination({ appReturn: null, programId: id })).toEqual({
      kind: 'route',
      path: `/academy/${id}`,
    });
    expect(afterSuccessDestination({ appReturn: null, programId: null })).toEqual({
      kind: 'route',
      path: '/',
    });
  });

  it('ends exhausted attempts at the program’s declined-payment form or the product’s own page', () => {
    const own = 'https://forms.example.com/alcancia/pago-rechazado?programa=programa-chau-deudas';
    const id = 'programa-chau-deudas';
    const ownPage = '/compra/otras-formas-de-pago?programa=programa-chau-deudas';
    expect(exhaustedDestination({ id, declinedPaymentFormUrl: own })).toBe(own);
    expect(exhaustedDestination({ id, declinedPaymentFormUrl: null })).toBe(ownPage);
    expect(exhaustedDestination({ id, declinedPaymentFormUrl: 'javascript:alert(1)' })).toBe(ownPage);
  });
});
