import type { PlanPricePreview } from '@alcancia/contract/admin';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PricePreviewSummary } from './price-preview';

const text = (preview: PlanPricePreview) =>
  renderToStaticMarkup(<PricePreviewSummary preview={preview} />)
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');

const monthly = {
  frequency: 'monthly',
  regularPrice: { from: 990_000, to: 1_090_000 },
  discountPrice: { from: null, to: null },
  charged: { from: 990_000, to: 1_090_000 },
  trialChanged: false,
  notices: 3,
  withdrawals: 0,
};

describe('the confirmation of a price change', () => {
  it('shows old → new price per frequency, from when it applies, and how many get the notice', () => {
    const shown = text({ effectiveOn: '2026-12-29', notices: 3, changes: [monthly] });
    expect(shown).toContain(
      'Mensual: se cobra $ 9.900,00 → $ 10.900,00; precio regular $ 9.900,00 → $ 10.900,00.',
    );
    expect(shown).toContain('3 suscriptoras reciben el aviso por correo.');
    expect(shown).toContain('A quienes ya pagan se les cobra desde el 29/12/2026 (30 días desde hoy).');
    expect(shown).toContain('En total, 3 suscriptoras reciben el aviso.');
  });

  it('says when nobody is told: a trial only, a price nobody pays, or nothing to save', () => {
    const trialOnly = text({
      effectiveOn: '2026-12-29',
      notices: 0,
      changes: [
        {
          ...monthly,
          regularPrice: { from: 990_000, to: 990_000 },
          charged: { from: 990_000, to: 990_000 },
          trialChanged: true,
          notices: 0,
        },
      ],
    });
    expect(trialOnly).toContain(
      'Mensual: cambia la prueba gratis. Lo que se cobra no cambia: nadie recibe aviso.',
    );
    expect(trialOnly).not.toContain('se les cobra desde');
    expect(trialOnly).toContain('Nadie recibe aviso de precio nuevo.');

    const takenBack = text({
      effectiveOn: '2026-12-29',
      notices: 0,
      changes: [
        {
          ...monthly,
          frequency: 'annual',
          regularPrice: { from: 12_000_000, to: 12_000_000 },
          discountPrice: { from: 9_500_000, to: 9_000_000 },
          charged: { from: 9_500_000, to: 9_000_000 },
          notices: 0,
          withdrawals: 1,
        },
      ],
    });
    expect(takenBack).toContain('Anual: se cobra $ 95.000,00 → $ 90.000,00; precio con descuento');
    expect(takenBack).toContain(
      'A 1 suscriptora con un cambio programado le avisamos que su precio no cambia.',
    );

    expect(text({ effectiveOn: '2026-12-29', notices: 0, changes: [] })).toBe('No hay cambios para guardar.');
  });
});
