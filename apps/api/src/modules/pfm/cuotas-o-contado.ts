import type { PfmCuotasOContado, pfmCuotasOContadoInputSchema } from '@alcancia/contract/pfm';
import Decimal from 'decimal.js';
import type { z } from 'zod';

/** The class that explains it (demo catalogue: "Cuotas sin interés: cuándo convienen"). */
export const cuotasLesson = {
  title: 'Tarjeta de crédito › Cuotas sin interés: cuándo convienen',
  courseId: 'tarjeta-de-credito',
  sectionId: 'tarjeta-de-credito-m2-s1',
};

/**
 * "¿Cuotas o contado?": what the cuotas are worth today, each discounted at the monthly rate she
 * picked, against the cash price. Cuota k is paid k months after the purchase. Plazo fijo and FCI
 * rates are TNA (monthly = TNA / 12); inflation is the expected monthly change. It informs; the
 * screen says it is not advice.
 */
export function cuotasOContado(input: z.infer<typeof pfmCuotasOContadoInputSchema>): PfmCuotasOContado {
  const percent = new Decimal(input.ratePercent).div(100);
  const monthly = input.rateKind === 'inflacion' ? percent : percent.div(12);
  const steps = Array.from({ length: input.installments }, (_, index) => {
    const number = index + 1;
    const factor = new Decimal(1).div(monthly.plus(1).pow(number));
    return {
      number,
      amountMinor: input.installmentMinor,
      factor: factor.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6),
      presentValueMinor: factor
        .times(input.installmentMinor)
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
        .toNumber(),
      exact: factor.times(input.installmentMinor),
    };
  });
  const presentValueMinor = steps
    .reduce((sum, step) => sum.plus(step.exact), new Decimal(0))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
  const differenceMinor = presentValueMinor - input.cashMinor;
  return {
    monthlyRate: monthly.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6),
    totalInstallmentsMinor: input.installmentMinor * input.installments,
    presentValueMinor,
    cashMinor: input.cashMinor,
    differenceMinor,
    cheaper: differenceMinor < 0 ? 'cuotas' : differenceMinor > 0 ? 'contado' : 'igual',
    steps: steps.map(({ exact: _exact, ...step }) => step),
    lesson: {
      title: cuotasLesson.title,
      href: `/academy/${cuotasLesson.courseId}/${cuotasLesson.sectionId}`,
    },
  };
}
