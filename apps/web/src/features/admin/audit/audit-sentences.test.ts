import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type AuditSentenceEntry, auditSentence, auditSentenceBuilders } from './audit-sentences';

const apiSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../api/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Actions written from a variable: what the variable can be, checked against its source. */
const templates: Record<string, { expands: string[]; source: RegExp }> = {
  // course-publication.ts: `action: 'publish' | 'unpublish'`, the use-case's parameter
  'course.${action}': {
    expands: ['course.publish', 'course.unpublish'],
    source: /(?<=action: (?:'\w+' \| )*)'(\w+)'/g,
  },
  '${kind.targetType}.update': {
    expands: ['service_control.update', 'feature_flag.update'],
    source: /targetType: '(\w+)',\n/g,
  },
};

/**
 * Every audit action the API writes, read from its source: `action: '…'` of recordAudit and of the
 * CLI's insert, the editor's `editCourse(…, 'module.create', …)`, and the two written from a variable.
 */
function actionsTheApiWrites(): Set<string> {
  const actions = new Set<string>();
  for (const file of sourceFiles(apiSource)) {
    const source = readFileSync(file, 'utf8');
    if (!/recordAudit\(|insert\(auditLog\)|editCourse\(/.test(source)) continue;
    for (const [, line] of source.matchAll(/\baction: ([^\n]+)/g)) {
      for (const [, action] of (line ?? '').matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) actions.add(action ?? '');
      for (const [, template] of (line ?? '').matchAll(/`([^`]+)`/g)) {
        const known = templates[template ?? ''];
        if (!known)
          throw new Error(`${file}: an audit action from a template this test does not know: ${template}`);
        const [prefix, suffix] = (template ?? '').split(/\$\{[^}]+\}/) as [string, string];
        const found = [...source.matchAll(known.source)].map(([, value]) => `${prefix}${value}${suffix}`);
        expect(found.sort(), file).toEqual([...known.expands].sort());
        for (const action of found) actions.add(action);
      }
    }
    for (const [, action] of source.matchAll(/editCourse\([^;]*?'((?:course|module|section)\.[a-z_]+)'/gs)) {
      actions.add(action ?? '');
    }
  }
  return actions;
}

const base = {
  actorRole: 'support',
  actorEmail: 'soporte@alcancia.local',
  targetType: 'member',
  targetId: '00000000-0000-4000-8000-000000000001',
  targetName: 'Ana Pérez',
  before: null,
  after: null,
} satisfies Omit<AuditSentenceEntry, 'action'>;

describe('the audit log reads as Spanish sentences', () => {
  const written = actionsTheApiWrites();

  it('finds the API audit writes (the grep still works)', () => {
    expect(written.size).toBeGreaterThanOrEqual(30);
    expect(written).toContain('payment.refund');
    expect(written).toContain('module.reorder');
    expect(written).toContain('operator.create');
    expect(written).toContain('feature_flag.update');
  });

  it('has one sentence builder for every action the API writes', () => {
    const missing = [...written].filter((action) => !auditSentenceBuilders[action]);
    expect(missing).toEqual([]);
  });

  it('never shows a code, JSON or a bare dash, even for an entry with nothing but its action', () => {
    for (const action of written) {
      for (const entry of [
        { ...base, action, targetName: null },
        { ...base, action, before: { status: 'approved' }, after: { status: null } },
      ]) {
        const sentence = auditSentence(entry);
        expect(sentence, action).toMatch(/^Soporte [a-zá-ú]/);
        expect(sentence, action).not.toContain(action);
        expect(sentence, action).not.toMatch(/[{}[\]]|undefined|null|NaN|→ —|\b[a-z]+_[a-z_]+\b/);
        expect(sentence, action).toMatch(/[.)]$/);
      }
    }
  });

  it('says who refunded how much to whom and why, in es-AR money', () => {
    const sentence = auditSentence({
      ...base,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: '42',
      before: { status: 'approved', amount: 1_190_000, refunded: 0, orderStatus: 'paid' },
      after: {
        refundId: '7',
        amount: 1_190_000,
        endAccess: true,
        accessEnded: true,
        reason: 'Se arrepintió.',
      },
    });
    expect(sentence.replace(/\s/g, ' ')).toBe(
      'Soporte devolvió $ 11.900,00 a Ana Pérez y le quitó el acceso que le daba ese pago — motivo: Se arrepintió.',
    );
  });

  it('names switches, programs, plans, dates and codes in words', () => {
    expect(
      auditSentence({
        ...base,
        actorRole: 'admin',
        action: 'service_control.update',
        targetType: 'service_control',
        targetId: 'COMMUNITY',
        targetName: null,
        before: { enabled: false, resource: null },
        after: { enabled: true, resource: '/comunidad' },
      }),
    ).toBe('Administración encendió «Comunidad» con la dirección /comunidad.');
    expect(
      auditSentence({
        ...base,
        action: 'member.product_grant',
        after: {
          productId: 'prog-a',
          productName: 'Inversora Inteligente',
          reason: 'Pagó por transferencia',
        },
      }),
    ).toBe('Soporte le dio «Inversora Inteligente» a Ana Pérez — motivo: Pagó por transferencia.');
    expect(
      auditSentence({
        ...base,
        actorRole: 'admin',
        action: 'plan.prices.update',
        targetType: 'plan',
        targetId: 'esencial',
        targetName: 'Plan Esencial',
        after: {
          prices: [{ frequency: 'monthly', regularPrice: 1_090_000, discountPrice: null }],
          scheduledSubscribers: 3,
          effectiveOn: '2026-12-27',
        },
      }).replace(/\s/g, ' '),
    ).toBe(
      'Administración cambió los precios de «Plan Esencial»: mensual $ 10.900,00; a 3 suscriptoras les avisamos que el precio nuevo rige desde el 27/12/2026.',
    );
    expect(
      auditSentence({
        ...base,
        actorRole: 'editor',
        action: 'section.update',
        targetType: 'section',
        targetId: 's1',
        targetName: null,
        after: {
          name: 'Ahorro 101',
          modules: [{ id: 'm1', name: 'Uno', sections: [{ id: 's1', name: 'Bienvenida' }] }],
        },
      }),
    ).toBe('Edición editó la sección «Bienvenida» de «Ahorro 101».');
    expect(
      auditSentence({
        ...base,
        action: 'order.sync',
        targetType: 'order',
        before: { status: 'pending' },
        after: { status: 'paid' },
      }),
    ).toBe('Soporte volvió a consultar la orden al proveedor: pasó de pendiente a pagada.');
  });

  it('an action this panel does not know yet says so, without its code', () => {
    expect(auditSentence({ ...base, action: 'algo.nuevo' })).toBe(
      'Soporte hizo un cambio que este panel todavía no sabe describir.',
    );
  });
});
