import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { orderReasonKey, orderReasonText } from './order-reason-words';

const apiSource = join(import.meta.dirname, '../../..');

/**
 * The functions that write an order's history reason, and where their reason goes: the argument's
 * position, and whether it is an object whose `reason` is it (`{ actor, reason }`).
 */
const writers: Record<string, { argument: number; inObject: boolean }> = {
  addHistory: { argument: 1, inObject: true },
  transitionOrder: { argument: 4, inObject: true },
  insertOrder: { argument: 3, inObject: false },
  openCheckoutOrder: { argument: 3, inObject: false },
  closeUnpaidHostedOrder: { argument: 2, inObject: false },
  cancelSubscription: { argument: 2, inObject: true },
  cancelUnderLock: { argument: 2, inObject: true },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every reason the API's code writes to an order's history: string literals, and templates as
 * `…` for each value. A reason followed through a variable (`const why = { reason: … }`) or a
 * parameter's default is found too; one the scan cannot follow is listed as `unresolved: <where>`,
 * so a new way of writing reasons fails the test instead of passing unseen.
 */
function writtenReasons(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(apiSource)) {
    const text = readFileSync(file, 'utf8');
    if (!Object.keys(writers).some((name) => text.includes(`${name}(`))) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative(apiSource, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

    /** The variable or parameter an identifier names, from the scopes around it. */
    const declarationOf = (id: ts.Identifier) => {
      for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
        let declaration: ts.VariableDeclaration | ts.ParameterDeclaration | undefined;
        const look = (node: ts.Node): void => {
          if (declaration) return;
          const named =
            (ts.isVariableDeclaration(node) || ts.isParameter(node)) &&
            ts.isIdentifier(node.name) &&
            node.name.text === id.text &&
            node.pos < id.pos;
          if (named) declaration = node;
          else ts.forEachChild(node, look);
        };
        look(scope);
        if (declaration) return declaration;
      }
      return undefined;
    };
    /** A writer's parameter handed on unchanged: its callers' reasons are scanned where they call. */
    const handedOn = (declaration: ts.VariableDeclaration | ts.ParameterDeclaration) => {
      if (!ts.isParameter(declaration) || declaration.initializer) return false;
      const fn = declaration.parent;
      return ts.isFunctionDeclaration(fn) && fn.name !== undefined && fn.name.text in writers;
    };
    const viaIdentifier = (id: ts.Identifier, then: (e: ts.Expression) => string[]): string[] => {
      const declaration = declarationOf(id);
      if (declaration?.initializer) return then(declaration.initializer);
      if (declaration && handedOn(declaration)) return [];
      return [`unresolved: ${where(id)}`];
    };
    const reasonsOf = (e: ts.Expression): string[] => {
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
      if (ts.isTemplateExpression(e))
        return [e.head.text + e.templateSpans.map((span) => `…${span.literal.text}`).join('')];
      if (ts.isConditionalExpression(e)) return [...reasonsOf(e.whenTrue), ...reasonsOf(e.whenFalse)];
      if (ts.isParenthesizedExpression(e)) return reasonsOf(e.expression);
      if (ts.isIdentifier(e)) return viaIdentifier(e, reasonsOf);
      return [`unresolved: ${where(e)}`];
    };
    const reasonsIn = (e: ts.Expression): string[] => {
      if (ts.isIdentifier(e)) return viaIdentifier(e, reasonsIn);
      if (!ts.isObjectLiteralExpression(e)) return [`unresolved: ${where(e)}`];
      const reason = e.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'reason');
      if (reason && ts.isPropertyAssignment(reason)) return reasonsOf(reason.initializer);
      if (reason && ts.isShorthandPropertyAssignment(reason)) return reasonsOf(reason.name);
      const spreads = e.properties.filter(ts.isSpreadAssignment);
      return spreads.length > 0
        ? spreads.flatMap((s) => reasonsIn(s.expression))
        : [`unresolved: ${where(e)}`];
    };

    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const writer = writers[node.expression.text];
        const argument = writer ? node.arguments[writer.argument] : undefined;
        if (writer && argument) {
          for (const reason of writer.inObject ? reasonsIn(argument) : reasonsOf(argument))
            found.set(reason, [...(found.get(reason) ?? []), where(node)]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** A template's reason as the code would write it, each `…` filled with a value. */
const filled = (reason: string) => {
  let n = 0;
  return reason.replaceAll('…', () => `valor${n++}`);
};

describe("an order's history reasons, in Spanish for operators (issue 40)", () => {
  it('has Spanish words for every reason the API writes to an order’s history', () => {
    const reasons = writtenReasons();
    // the scan finds the code's reasons (a broken scan would pass with nothing)
    expect(reasons.size).toBeGreaterThan(35);
    expect(reasons.has('first charge approved')).toBe(true);
    expect(reasons.has('payment … approved: program granted')).toBe(true);
    expect(reasons.has('cancelled by her (botón de baja)')).toBe(true);
    const missing = [...reasons]
      .filter(([reason]) => orderReasonKey(filled(reason)) !== reason)
      .map(([reason, places]) => `${reason} (${places.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('words the reasons, the provider’s codes in them included', () => {
    expect(orderReasonText('first charge approved', 'MP')).toBe('Mercado Pago aprobó el primer cobro');
    expect(orderReasonText('renewal refused: past due, grace period', 'MP')).toBe(
      'La tarjeta rechazó la renovación: queda en período de gracia',
    );
    expect(orderReasonText('first charge refused: cc_rejected_insufficient_amount', 'MP')).toBe(
      'Mercado Pago rechazó el primer cobro (la tarjeta no tiene fondos suficientes)',
    );
    expect(orderReasonText('provider payment 1234567: accredited', 'MP')).toBe(
      'Mercado Pago informó el pago 1234567: acreditado',
    );
    expect(orderReasonText('payment 99 rejected: cc_rejected_other_reason', 'HOSTED')).toBe(
      'Se rechazó el pago 99 (el banco de la tarjeta lo rechazó)',
    );
    expect(orderReasonText('payment refused: unknown', 'MP')).toBe('Se rechazó el pago (sin detalle)');
    expect(orderReasonText('hosted checkout chk_1 expired', 'HOSTED')).toBe(
      'El link de pago venció sin que pagara',
    );
    expect(orderReasonText('upgrade settled: refund SUCCESS', 'MP')).toBe(
      'Cambio de plan terminado: se devolvieron los días sin usar del plan anterior',
    );
    expect(
      orderReasonText(
        'payment 55 held for an operator: paid $ 1.000,00 ARS, the order is for $ 45.000,00 ARS',
        'MP',
      ),
    ).toBe('Pago 55 retenido para revisión manual: pagó $ 1.000,00 ARS y la compra era por $ 45.000,00 ARS');
    expect(
      orderReasonText(
        'cancelled by an operator (ana@alcancia.test): Lo pidió por WhatsApp (dijo: «ya»)',
        'MP',
      ),
    ).toBe('Baja hecha desde el panel por ana@alcancia.test. Motivo: «Lo pidió por WhatsApp (dijo: «ya»)»');
  });

  it('a provider’s code it does not know, and a reason it does not know, are shown as written', () => {
    expect(orderReasonText('first charge refused: cc_rejected_something_new', 'MP')).toBe(
      'Mercado Pago rechazó el primer cobro («cc_rejected_something_new»)',
    );
    expect(orderReasonText('a reason written tomorrow', 'MP')).toBe(
      'Detalle técnico: «a reason written tomorrow»',
    );
  });
});
