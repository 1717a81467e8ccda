import type { ProgramCard } from '@alcancia/contract';
import { formatMoney } from '../../lib/format';
import { academyCoursePath, plansPath, programCheckoutPath, programDetailPath } from '../../lib/paths';

/**
 * The program card button (purchases spec §4):
 *
 * | Not purchased, inside the sale window  | 'Comprar ahora' (a PACK: 'Ver pack') |
 * | …only subscribers may buy, she is not one | 'Solo para suscriptoras: ver planes' (issue 30) |
 * | Not purchased, outside the window       | 'Próximamente' (does nothing)        |
 * | Purchased, no progress                  | 'Comenzar' (starts, then opens)      |
 * | Progress between 0 and 1                | 'Continuar'                          |
 * | Progress equal to 1                     | 'Completado'                         |
 */
export type ProgramButton =
  | { kind: 'buy'; label: 'Comprar ahora'; to: string }
  | { kind: 'subscribersOnly'; label: typeof subscribersOnlyLabel; to: typeof plansPath }
  | { kind: 'viewPack'; label: 'Ver pack'; to: string }
  | { kind: 'soon'; label: 'Próximamente' }
  | { kind: 'start'; label: 'Comenzar'; to: string }
  | { kind: 'continue'; label: 'Continuar'; to: string }
  | { kind: 'completed'; label: 'Completado'; to: string };

/** Who may buy a subscriber-only program, said to a non-subscriber instead of "Comprar ahora". */
export const subscribersOnlyLabel = 'Solo para suscriptoras: ver planes';
export const subscribersOnlyNote =
  'Este programa es solo para suscriptoras. Elegí un plan y después vas a poder comprarlo.';

export function programButton(
  program: Pick<ProgramCard, 'id' | 'type' | 'isAccessibleByUser' | 'saleStatus' | 'onlyForSubscribers'>,
  /** fraction 0..1 from the progress overview; null when never started */
  progress: number | null,
): ProgramButton {
  const course = academyCoursePath(program.id);
  if (program.isAccessibleByUser) {
    if (progress === null) return { kind: 'start', label: 'Comenzar', to: course };
    if (progress >= 1) return { kind: 'completed', label: 'Completado', to: course };
    return { kind: 'continue', label: 'Continuar', to: course };
  }
  if (program.saleStatus === 'OPEN') {
    if (program.onlyForSubscribers) {
      return { kind: 'subscribersOnly', label: subscribersOnlyLabel, to: plansPath };
    }
    return program.type === 'PACK'
      ? { kind: 'viewPack', label: 'Ver pack', to: programDetailPath(program.id) }
      : { kind: 'buy', label: 'Comprar ahora', to: programCheckoutPath(program.id) };
  }
  return { kind: 'soon', label: 'Próximamente' };
}

export { programCheckoutPath, programDetailPath };

/** "PROGRAMA" or "PACK". */
export function programTypeLabel(type: ProgramCard['type']): string {
  return type === 'PACK' ? 'PACK' : 'PROGRAMA';
}

/** "{n}% OFF", only without access and with a discount. */
export function discountBadge(
  program: Pick<ProgramCard, 'isAccessibleByUser' | 'discountApplied'>,
): string | null {
  if (program.isAccessibleByUser || program.discountApplied <= 0) return null;
  return `${program.discountApplied}% OFF`;
}

/** The prices to show (es-AR, ARS, from centavos): the price and the regular one when higher. */
export function programPrices(
  program: Pick<ProgramCard, 'price' | 'regularPrice' | 'isAccessibleByUser'>,
): { price: string; regular: string | null } | null {
  if (program.isAccessibleByUser || program.price === null) return null;
  const regular =
    program.regularPrice !== null && program.regularPrice > program.price
      ? formatMoney(program.regularPrice)
      : null;
  return { price: formatMoney(program.price), regular };
}
