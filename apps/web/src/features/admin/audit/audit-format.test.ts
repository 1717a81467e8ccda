import { describe, expect, it } from 'vitest';
import { auditChangeRows } from './audit-format';

describe('the before/after table', () => {
  it('lists only the fields that changed, by name, with values in words (no JSON, no codes)', () => {
    const rows = auditChangeRows(
      { status: 'approved', amount: 1_190_000, refunded: 0, orderStatus: 'paid' },
      { refundId: '7', amount: 1_190_000, accessEnded: true, member: 'uuid', reason: null },
    );
    expect(rows.map((row) => ({ ...row, before: row.before.replace(/\s/g, ' ') }))).toEqual([
      { field: 'Estado', before: 'aprobado', after: 'sin dato' },
      { field: 'Ya devuelto', before: '$ 0,00', after: 'sin dato' },
      { field: 'Estado de la orden', before: 'pagada', after: 'sin dato' },
      { field: 'N.º de devolución', before: 'sin dato', after: '7' },
      { field: 'Acceso quitado', before: 'sin dato', after: 'Sí' },
    ]);
    const course = auditChangeRows(
      { published: false, publishAt: null, modules: [{ id: 'm1', name: 'Uno' }] },
      {
        published: true,
        publishAt: '2026-12-27T13:00:00.000Z',
        modules: [
          { id: 'm1', name: 'Uno' },
          { id: 'm2', name: 'Dos' },
        ],
      },
    );
    expect(course).toEqual([
      { field: 'Publicado', before: 'No', after: 'Sí' },
      { field: 'Publicación programada', before: 'sin dato', after: '27/12/2026, 10:00' },
      { field: 'Módulos', before: '1 módulo', after: '2 módulos' },
    ]);
    for (const row of [...rows, ...course]) expect(Object.values(row).join(' ')).not.toMatch(/[{}[\]"]|→ —/);
  });

  it('a refund (issue 39): before and after name the same facts, so no "después" reads sin dato', () => {
    const rows = auditChangeRows(
      {
        status: 'approved',
        amount: 8_900_000,
        refundState: 'not_refunded',
        refunded: 0,
        orderStatus: 'paid',
      },
      {
        status: 'approved',
        amount: 8_900_000,
        refundState: 'refund_in_progress',
        refunded: 0,
        orderStatus: 'refunded',
        refundId: '7',
        refundAmount: 8_900_000,
        endAccess: true,
        accessEnded: true,
        member: 'uuid',
        reason: 'Se arrepintió por teléfono',
      },
    );
    expect(rows.map((row) => row.field)).toEqual([
      'Devolución',
      'Estado de la orden',
      'N.º de devolución',
      'Monto de esta devolución',
      'Quitar el acceso',
      'Acceso quitado',
      'Motivo',
    ]);
    expect(rows.map((row) => row.after)).not.toContain('sin dato');
    expect(rows[0]).toEqual({ field: 'Devolución', before: 'sin devolver', after: 'devolución en curso' });
    // la orden: feminine words
    expect(rows[1]).toEqual({ field: 'Estado de la orden', before: 'pagada', after: 'devuelta' });
  });

  it('a revoke shows what she had', () => {
    expect(auditChangeRows([{ productId: 'prog-a', productType: 'program' }], { reason: 'Error' })).toEqual([
      { field: 'Qué había', before: 'prog-a', after: 'sin dato' },
      { field: 'Motivo', before: 'sin dato', after: 'Error' },
    ]);
  });
});
