import type { AccountAgreement, AccountGrant } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import {
  agreementStatusBadge,
  agreementTitle,
  endedReasonLabel,
  grantStateBadge,
  grantTitle,
  originLabels,
  shortDate,
} from './account-access-rules';

const grant = (over: Partial<AccountGrant> = {}): AccountGrant => ({
  id: '1',
  kind: 'plan',
  product: { id: 'plan-oro', name: 'Plan Oro' },
  from: '2026-11-27',
  until: '2026-12-27',
  origin: 'card',
  state: 'running',
  endedReason: null,
  ...over,
});

describe('Cobros y accesos, in her words', () => {
  it('dates as dd/mm/aaaa', () => {
    expect(shortDate('2026-03-05')).toBe('05/03/2026');
  });

  it('the origin of every grant in words', () => {
    expect(originLabels.card).toBe('Tarjeta');
    expect(originLabels.guest_purchase).toBe('Membresía');
    expect(originLabels.promo_code).toBe('Código');
    expect(originLabels.operator).toBe('Operador');
  });

  it('grant states and why an ended one ended', () => {
    expect(grantStateBadge(grant()).label).toBe('Vigente');
    expect(grantStateBadge(grant({ state: 'upcoming' })).label).toBe('Próximamente');
    expect(grantStateBadge(grant({ state: 'ended' })).label).toBe('Terminado');
    expect(endedReasonLabel('withdrawal')).toBe('Te arrepentiste de la compra');
    expect(endedReasonLabel('account_deleted')).toBe('Cuenta eliminada');
    expect(endedReasonLabel(null)).toBeNull();
    expect(grantTitle(grant({ product: null, kind: 'private_community' }))).toBe('Comunidad privada');
  });

  it('an agreement: its plan and frequency, and a cancelled one says it no longer charges', () => {
    const agreement = {
      plan: { id: 'plan-oro', name: 'Plan Oro' },
      frequency: 'monthly',
      status: 'cancelled',
    } as AccountAgreement;
    expect(agreementTitle(agreement)).toBe('Plan Oro · Mensual');
    expect(agreementStatusBadge(agreement).label).toBe('Cancelada: no se cobra más');
  });
});
