import type { ProgramPreview } from '@alcancia/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceWithoutNationalTaxes, rememberNationalTaxesDisplay } from './national-taxes';
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

afterEach(() => rememberNationalTaxesDisplay(false));

describe('"Precio sin impuestos nacionales" beside final prices', () => {
  it('shows the final price without its 21 % IVA, in smaller type, when the issuer is a responsable inscripto', () => {
    rememberNationalTaxesDisplay(true);
    const html = renderToStaticMarkup(<ProgramOrderSummary preview={preview} installment={null} />);
    expect(html).toContain(
      '<p class="price-without-taxes"><small>Precio sin impuestos nacionales: $\u00a073.553,72</small></p>',
    );
    expect(html).toContain('$\u00a089.000');
  });

  it('shows nothing for a monotributista, whose prices carry no IVA apart', () => {
    rememberNationalTaxesDisplay(false);
    expect(renderToStaticMarkup(<ProgramOrderSummary preview={preview} installment={null} />)).not.toContain(
      'sin impuestos nacionales',
    );
    expect(renderToStaticMarkup(<PriceWithoutNationalTaxes centavos={1_190_000} />)).toBe('');
  });
});
