import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditRoleLabel } from './audit-format';

describe('audit log entries', () => {
  it('reads actions and roles in Spanish; an unknown action shows its code', () => {
    expect(auditActionLabel('payment.refund')).toBe('Devolvió un pago');
    expect(auditActionLabel('member.product_grant')).toBe('Dio un programa o pack');
    expect(auditActionLabel('algo.nuevo')).toBe('algo.nuevo');
    expect(auditRoleLabel('support')).toBe('Soporte');
    expect(auditRoleLabel('cli')).toBe('Línea de comandos');
  });

  it('lists what changed field by field, only the fields that differ', () => {
    expect(
      auditChanges(
        { status: 'active', maxUses: 10, planIds: ['basico'] },
        { status: 'paused', maxUses: 10, planIds: ['basico', 'plus'] },
      ),
    ).toEqual(['status: active → paused', 'planIds: ["basico"] → ["basico","plus"]']);
    expect(auditChanges({ enabled: true }, { enabled: false, resource: null })).toEqual([
      'enabled: true → false',
    ]);
  });

  it('a creation lists what was set; nothing is listed when there is no "after" object', () => {
    expect(auditChanges(null, { productId: 'prog-a', reason: 'Pagó por transferencia' })).toEqual([
      'productId: prog-a',
      'reason: Pagó por transferencia',
    ]);
    expect(auditChanges({ a: 1 }, null)).toEqual([]);
    expect(auditChanges(null, [1, 2])).toEqual([]);
  });
});
