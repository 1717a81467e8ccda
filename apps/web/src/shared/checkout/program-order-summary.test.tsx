import type { InstallmentOption, ProgramPreview } from '@alcancia/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProgramOrderSummary } from './program-order-summary';

const preview = {
  isProgram: true,
  id: 'programa-inversora-inteligente',
  type: 'PROGRAM',
  name: 'Programa Inversora Inteligente',
  price: 8_900_000,
  regularPrice: 8_900_000,
  discountApplied: 0,
  promoCodeApplied: null,
  modulesAmount: 3,
  classesAmount: 12,
} as ProgramPreview;

const option = (installments: number, installmentAmount: number, totalAmount: number): InstallmentOption => ({
  installments,
  installmentAmount,
  totalAmount,
  interestFree: totalAmount <= preview.price,
  recommendedMessage: null,
});

/** The summary's text, one "term value" per row. */
const text = (installment: InstallmentOption | null) =>
  renderToStaticMarkup(<ProgramOrderSummary preview={preview} installment={installment} />)
    .replace(/<\/dd>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/ +/g, ' ');

describe('the program checkout states cuotas as the mail and the receipt do (issue 27, case 7)', () => {
  it('6 cuotas with interest: the cash price, each cuota, the financing cost and the total', () => {
    const summary = text(option(6, 1_780_000, 10_680_000));
    expect(summary).toContain('Precio de contado $ 89.000');
    expect(summary).toContain('Cuotas 6 × $ 17.800');
    expect(summary).toContain('Costo de financiación $ 17.800');
    expect(summary).toContain('Total financiado $ 106.800');
  });

  it('interest-free cuotas and a single payment name no financing cost', () => {
    expect(text(option(3, 2_966_667, 8_900_000))).not.toContain('Costo de financiación');
    expect(text(null)).not.toContain('Costo de financiación');
  });
});
