import type { AccountAgreement, AccountGrant, GrantOrigin } from '@alcancia/contract';
import { frequencyLabels } from '../../shared/checkout/plan-rules';
import type { BadgeTone } from '../../ui/badge';

/** What Mi cuenta › Cobros y accesos says of each agreement and grant, in her words. */

/** "2026-11-27" → "27/11/2026" */
export function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

export const originLabels: Record<GrantOrigin, string> = {
  card: 'Tarjeta',
  guest_purchase: 'Membresía',
  promo_code: 'Código',
  operator: 'Operador',
  program_purchase: 'Compra',
  legacy: 'Acceso anterior',
};

const endedReasonLabels: Record<string, string> = {
  withdrawal: 'Te arrepentiste de la compra',
  refund: 'Reembolsada',
  upgrade: 'Cambiaste de plan',
  expired: 'Venció sin pago',
  operator: 'La terminó un operador',
  account_deleted: 'Cuenta eliminada',
};

export function endedReasonLabel(reason: string | null): string | null {
  return reason ? (endedReasonLabels[reason] ?? null) : null;
}

export function grantStateBadge(grant: AccountGrant): { tone: BadgeTone; label: string } {
  if (grant.state === 'running') return { tone: 'success', label: 'Vigente' };
  if (grant.state === 'upcoming') return { tone: 'primary', label: 'Próximamente' };
  return { tone: 'neutral', label: 'Terminado' };
}

export function agreementStatusBadge(agreement: AccountAgreement): { tone: BadgeTone; label: string } {
  const badges: Record<AccountAgreement['status'], { tone: BadgeTone; label: string }> = {
    trial: { tone: 'primary', label: 'En prueba' },
    active: { tone: 'success', label: 'Activa' },
    past_due: { tone: 'danger', label: 'Pago pendiente' },
    cancelled: { tone: 'neutral', label: 'Cancelada: no se cobra más' },
  };
  return badges[agreement.status];
}

/** "Plan Oro · Mensual" */
export function agreementTitle(agreement: AccountAgreement): string {
  const frequency = agreement.frequency
    ? (frequencyLabels[agreement.frequency as keyof typeof frequencyLabels] ?? agreement.frequency)
    : null;
  return frequency ? `${agreement.plan.name} · ${frequency}` : agreement.plan.name;
}

/** What a grant gives: the plan's or program's name. */
export function grantTitle(grant: AccountGrant): string {
  if (grant.product) return grant.product.name;
  return grant.kind === 'private_community' ? 'Comunidad privada' : 'Acceso';
}
