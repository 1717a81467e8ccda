import type { ProgramCard } from '@alcancia/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberNationalTaxesDisplay } from '../../shared/checkout/national-taxes';
import { ProgramTile } from './shop-parts';

// Issue 39 point 7: "Precio sin impuestos nacionales" wherever a final price appears, the public
// pages included (the home's program and pack tiles here; the home's plans, the program page and
// the guest checkout in e2e/tests/invoices.spec.ts).

const program = {
  id: 'programa-inversora-inteligente',
  name: 'Programa Inversora Inteligente',
  type: 'PROGRAM',
  price: 8_900_000,
  discountApplied: 0,
  cover: null,
  thumbnail: null,
} as unknown as ProgramCard;

afterEach(() => rememberNationalTaxesDisplay(false));

describe('the price legend on public prices', () => {
  it('a program tile of the public home shows its price without national taxes (responsable inscripto)', () => {
    rememberNationalTaxesDisplay(true);
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProgramTile program={program} />
      </MemoryRouter>,
    );
    expect(html).toContain('$\u00a089.000');
    expect(html).toContain('Precio sin impuestos nacionales: $\u00a073.553,72');
  });
});
