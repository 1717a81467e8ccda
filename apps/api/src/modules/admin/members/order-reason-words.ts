/**
 * The Spanish words of an order's history reasons, for the back office (issue 40). The code writes
 * each status change's reason in English (`payment_status_history.reason`: the engineers'
 * diagnostic and the audit's raw value, kept as written); operators read this instead. Every reason
 * the code writes has its words here: order-reason-words.test.ts reads apps/api/src and fails on
 * one without them. A reason built from a template (ids, amounts, the provider's codes inside) is
 * keyed by its template, `…` standing for each value. A reason not listed (an old row, a new
 * reason) still reads as a Spanish sentence quoting it, so nothing is hidden (decision 0291).
 */

/** The payment provider of the order, as a sentence names it. */
interface ProviderWords {
  /** "Mercado Pago", "el proveedor de pagos" */
  name: string;
  /** the same at the start of a sentence */
  Name: string;
}

const providerWordsOf = (provider: string | null): ProviderWords =>
  provider === 'MP'
    ? { name: 'Mercado Pago', Name: 'Mercado Pago' }
    : { name: 'el proveedor de pagos', Name: 'El proveedor de pagos' };

type Words = string | ((provider: ProviderWords) => string);
type TemplateWords = (values: string[], provider: ProviderWords) => string;

/** Mercado Pago's status and status_detail of a payment, in words ("unknown": none was given). */
const paymentDetailWords: Record<string, string> = {
  approved: 'aprobado',
  accredited: 'acreditado',
  authorized: 'autorizado',
  pending: 'pendiente',
  in_process: 'en proceso',
  pending_contingency: 'en revisión',
  pending_review_manual: 'en revisión manual',
  pending_waiting_payment: 'esperando el pago',
  pending_waiting_transfer: 'esperando la transferencia',
  rejected: 'rechazado',
  cancelled: 'cancelado',
  expired: 'vencido',
  by_collector: 'cancelado por Alcancía',
  by_payer: 'cancelado por quien pagaba',
  refunded: 'devuelto',
  partially_refunded: 'devuelto en parte',
  charged_back: 'con contracargo',
  in_mediation: 'en disputa',
  cc_rejected_insufficient_amount: 'la tarjeta no tiene fondos suficientes',
  cc_rejected_call_for_authorize: 'hay que autorizarlo con el banco de la tarjeta',
  cc_rejected_bad_filled_security_code: 'el código de seguridad no es correcto',
  cc_rejected_bad_filled_date: 'la fecha de vencimiento no es correcta',
  cc_rejected_bad_filled_card_number: 'el número de tarjeta no es correcto',
  cc_rejected_bad_filled_other: 'algún dato de la tarjeta no es correcto',
  cc_rejected_card_disabled: 'la tarjeta está deshabilitada',
  cc_rejected_card_error: 'la tarjeta dio error',
  cc_rejected_duplicated_payment: 'pago repetido',
  cc_rejected_high_risk: 'el pago parecía riesgoso',
  cc_rejected_blacklist: 'la tarjeta está bloqueada',
  cc_rejected_max_attempts: 'demasiados intentos',
  cc_rejected_other_reason: 'el banco de la tarjeta lo rechazó',
  unknown: 'sin detalle',
};

/** A payment's status or status_detail in words; one not listed, quoted as the provider wrote it. */
const detailText = (detail: string) => paymentDetailWords[detail] ?? `«${detail}»`;

/** What happened to payment `id`, from its status. */
function paymentStatusSentence(id: string, status: string): string {
  switch (status) {
    case 'approved':
      return `Se aprobó el pago ${id}`;
    case 'rejected':
      return `Se rechazó el pago ${id}`;
    case 'cancelled':
      return `Se canceló el pago ${id}`;
    case 'pending':
      return `El pago ${id} quedó pendiente`;
    case 'in_process':
      return `El pago ${id} está en proceso`;
    default:
      return `El pago ${id} quedó ${detailText(status)}`;
  }
}

const upgradeRefundWords: Record<string, string> = {
  SUCCESS: 'se devolvieron los días sin usar del plan anterior',
  FAILED: 'no se pudieron devolver los días sin usar del plan anterior',
  NONE: 'no había días sin usar para devolver',
};

/** Reasons written as they are. */
const literalWords: Record<string, Words> = {
  // checkouts opened (the order is created)
  'card subscription checkout': 'Empezó a suscribirse con tarjeta',
  'reactivation of a cancelled subscription': 'Empezó a reactivar su suscripción cancelada',
  'guest membership checkout (Checkout Pro preference)': 'Empezó a comprar una membresía (Checkout Pro)',
  'demo data: a monthly subscription after the sale':
    'Dato de demostración: una suscripción mensual después de la venta',
  'demo data: the demo subscriber’s annual charge':
    'Dato de demostración: el cobro anual de la suscriptora de prueba',
  // the agreement and its charges
  'agreement authorized at the provider; waiting for the first charge': (p) =>
    `${p.Name} autorizó la suscripción; falta el primer cobro`,
  'demo agreement authorized; waiting for the first charge': (p) =>
    `${p.Name} autorizó la suscripción de demostración; falta el primer cobro`,
  'first charge approved': (p) => `${p.Name} aprobó el primer cobro`,
  'free trial started': 'Empezó la prueba gratis',
  'renewal refused: past due, grace period': 'La tarjeta rechazó la renovación: queda en período de gracia',
  'renewal paid: no longer past due': 'Se cobró la renovación: ya está al día',
  'grace period ended without payment': 'Terminó el período de gracia sin pago: la suscripción venció',
  'annual renewal reminder mailed': 'Le mandamos por mail el aviso de la renovación anual',
  'card changed': 'Cambió la tarjeta de la suscripción',
  'reactivated: new agreement, first charge when the paid period ends':
    'Reactivó la suscripción: el próximo cobro es cuando termine el período ya pagado',
  // the end of it
  'subscription cancelled at the provider': (p) => `La suscripción se dio de baja en ${p.name}`,
  'cancelled by her (botón de baja)': 'Se dio de baja con el botón de baja',
  'cancelled by her without a session (botón de baja, code mailed to her address)':
    'Se dio de baja con el botón de baja, sin ingresar (con el código que le mandamos por mail)',
  'account deleted by her': 'Borró su cuenta',
  // payment links (programs)
  'hosted checkout created; waiting for the payer': 'Se creó el link de pago; falta que pague',
  'no checkout was created at the provider': (p) => `${p.Name} no llegó a crear el link de pago`,
  'checkout unknown at the provider': (p) => `${p.Name} no tiene registrado ese link de pago`,
};

/** Reasons built from a template, keyed by the template with `…` for each value. */
const templateWords: Record<string, TemplateWords> = {
  'program checkout (…)': ([provider]) =>
    provider === 'MP'
      ? 'Empezó a comprar un programa con tarjeta'
      : 'Empezó a comprar un programa con un link de pago',
  'payment … approved: program granted': ([id]) => `Se aprobó el pago ${id}: se le dio el programa`,
  'payment … approved': ([id]) => `Se aprobó el pago ${id}: se le dio el acceso`,
  'payment … in process: …': ([id = '', detail = '']) =>
    `El pago ${id} está en proceso (${detailText(detail)})`,
  'payment … …: …': ([id = '', status = '', detail = '']) =>
    `${paymentStatusSentence(id, status)} (${detailText(detail)})`,
  'payment … …': ([id = '', status = '']) => paymentStatusSentence(id, status),
  'payment refused: …': ([detail = '']) => `Se rechazó el pago (${detailText(detail)})`,
  'refused by the provider: …': ([detail = ''], p) => `${p.Name} rechazó el pago (${detailText(detail)})`,
  'first charge refused: …': ([detail = ''], p) =>
    `${p.Name} rechazó el primer cobro (${detailText(detail)})`,
  'provider error: …': ([message], p) => `No se pudo hablar con ${p.name}. Detalle técnico: «${message}»`,
  'provider payment …: …': ([id, detail = ''], p) => `${p.Name} informó el pago ${id}: ${detailText(detail)}`,
  'payment … held for an operator: paid … …, the order is for … …': ([
    id,
    paid,
    currency,
    due,
    dueCurrency,
  ]) =>
    `Pago ${id} retenido para revisión manual: pagó ${paid} ${currency} y la compra era por ${due} ${dueCurrency}`,
  'hosted checkout … …': ([, status]) =>
    status === 'expired'
      ? 'El link de pago venció sin que pagara'
      : status === 'cancelled'
        ? 'Se canceló el link de pago sin que pagara'
        : `El link de pago terminó sin que pagara («${status}»)`,
  'superseded by order …': () => 'La reemplazó una suscripción nueva (cambio de plan o reactivación)',
  'upgrade settled: refund …': ([status = '']) =>
    `Cambio de plan terminado: ${upgradeRefundWords[status] ?? `devolución «${status}»`}`,
  'refunded by an operator (…), access ended': ([email]) =>
    `Devolución hecha desde el panel por ${email}; se le cortó el acceso`,
  'refunded by an operator (…), the days of that charge ended': ([email]) =>
    `Devolución hecha desde el panel por ${email}: se le quitaron los días de ese cobro, conserva los de los otros y no se le cobra más`,
  'cancelled by an operator (…): …': ([email, why]) =>
    `Baja hecha desde el panel por ${email}. Motivo: «${why}»`,
  'withdrawal … of payment …': ([code, id]) =>
    `Arrepentimiento ${code} del pago ${id}: se le devuelve el dinero`,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The templates as anchored patterns, the most specific (most fixed text) first. */
const templatePatterns = Object.keys(templateWords)
  .map((template) => ({
    template,
    fixed: template.replaceAll('…', '').length,
    pattern: new RegExp(`^${template.split('…').map(escapeRegExp).join('(.*?)')}$`, 's'),
  }))
  .sort((a, b) => b.fixed - a.fixed);

/** The literal or template a reason is worded by (null: none), for the test that every one is. */
export function orderReasonKey(reason: string): string | null {
  if (Object.hasOwn(literalWords, reason)) return reason;
  return templatePatterns.find(({ pattern }) => pattern.test(reason))?.template ?? null;
}

/**
 * An order history reason in Spanish, for operators. `provider`: the order's ('MP' names Mercado
 * Pago; any other is "el proveedor de pagos").
 */
export function orderReasonText(reason: string, provider: string | null): string {
  const words = providerWordsOf(provider);
  if (Object.hasOwn(literalWords, reason)) {
    const literal = literalWords[reason] as Words;
    return typeof literal === 'string' ? literal : literal(words);
  }
  for (const { template, pattern } of templatePatterns) {
    const match = pattern.exec(reason);
    if (match) return (templateWords[template] as TemplateWords)(match.slice(1), words);
  }
  return `Detalle técnico: «${reason}»`;
}
