import type { AuditEntry } from '@alcancia/contract/admin';
import { frequencyLabels } from '../../../shared/checkout/plan-rules';
import { formatDateTime, formatDay, formatPesos } from '../admin-format';
import { switchLabel } from '../switches/switch-labels';

/**
 * The audit log in words (issue 29, decision 115): one sentence builder per action the API
 * writes, "Soporte devolvió $ 11.900,00 a Ana Pérez — motivo: …". The API's codes never reach the
 * sentence; what an older entry lacks (a name, a reason) is left out, never shown as "—".
 * audit-sentences.test.ts reads the API's audit writes and fails for an action without a builder.
 */

export type AuditSentenceEntry = Pick<
  AuditEntry,
  'action' | 'actorRole' | 'actorEmail' | 'targetType' | 'targetId' | 'targetName' | 'before' | 'after'
>;

const roleLabels: Record<string, string> = {
  admin: 'Administración',
  editor: 'Edición',
  support: 'Soporte',
  cli: 'La consola del servidor',
};

/** The operator's role in words ("Soporte"), the subject of every sentence. */
export const auditRoleLabel = (role: string) => roleLabels[role] ?? 'Un operador';

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const reasonOf = (after: unknown) => {
  const reason = text(fields(after).reason);
  return reason ? ` — motivo: ${reason}` : '';
};

/** An instant or a calendar day, as es-AR writes it. */
const dateOf = (value: unknown): string | null => {
  const day = text(value);
  if (!day) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day) : formatDateTime(day);
};

interface CourseDocument {
  name?: string;
  modules?: { id: string; name: string; sections?: { id: string; name: string }[] }[];
}
const documentOf = (entry: AuditSentenceEntry, side: 'before' | 'after'): CourseDocument =>
  fields(entry[side]) as CourseDocument;
const courseName = (entry: AuditSentenceEntry) =>
  entry.targetName ?? documentOf(entry, 'after').name ?? documentOf(entry, 'before').name ?? 'un contenido';
const moduleName = (entry: AuditSentenceEntry, side: 'before' | 'after') =>
  documentOf(entry, side).modules?.find((module) => module.id === entry.targetId)?.name;
const sectionName = (entry: AuditSentenceEntry, side: 'before' | 'after') =>
  documentOf(entry, side)
    .modules?.flatMap((module) => module.sections ?? [])
    .find((section) => section.id === entry.targetId)?.name;

const quoted = (name: string | null | undefined, otherwise: string) => (name ? `«${name}»` : otherwise);
/** "el módulo «Ahorro»", or "un módulo" when its name is not known. */
const named = (noun: string, name: string | null | undefined, otherwise: string) =>
  name ? `${noun} «${name}»` : otherwise;
/** A back-office post (Novedades) by its title, when the entry carries it. */
const postOf = (e: AuditSentenceEntry) =>
  named(
    'la novedad',
    e.targetName ?? text(fields(e.after).title) ?? text(fields(e.before).title),
    'una novedad',
  );

/** The member (or operator) the entry is about: her name, or her e-mail, or "un miembro". */
const memberOf = (entry: AuditSentenceEntry) =>
  entry.targetName ?? text(fields(entry.after).to) ?? text(fields(entry.after).email) ?? 'un miembro';

const orderStatuses: Record<string, string> = {
  created: 'sin respuesta del proveedor',
  pending: 'pendiente',
  paid: 'pagada',
  active: 'activa',
  refused: 'rechazada',
  error: 'con error',
  cancelled: 'cancelada',
  expired: 'vencida',
  refunded: 'devuelta',
};
const orderStatus = (value: unknown) => orderStatuses[String(value)] ?? 'en otro estado';

const promoCodeTypes: Record<string, string> = {
  FREE_PERIOD: 'de meses gratis',
  DISCOUNT_COUPON: 'de descuento en planes',
  PROGRAM_DISCOUNT: 'de descuento en programas',
  PROGRAM_FREE: 'de programa gratis',
};
const promoCodeKind = (type: unknown) => promoCodeTypes[String(type)] ?? '';

type Builder = (entry: AuditSentenceEntry) => string;

/** action → what the operator did, after her role ("Soporte …"). */
export const auditSentenceBuilders: Record<string, Builder> = {
  'course.create': (e) => `creó el contenido ${quoted(courseName(e), 'nuevo')}, sin publicar.`,
  'course.update': (e) => `editó los datos de ${quoted(courseName(e), 'un contenido')}.`,
  'course.publish': (e) => `publicó ${quoted(courseName(e), 'un contenido')}: las alumnas ya lo ven.`,
  'course.unpublish': (e) => `despublicó ${quoted(courseName(e), 'un contenido')}: las alumnas ya no lo ven.`,
  'course.schedule': (e) => {
    const at = dateOf(fields(e.after).publishAt);
    return at
      ? `programó la publicación de ${quoted(courseName(e), 'un contenido')} para el ${at}.`
      : `quitó la publicación programada de ${quoted(courseName(e), 'un contenido')}.`;
  },
  'module.create': (e) =>
    `agregó el módulo ${quoted(moduleName(e, 'after'), 'nuevo')} a ${quoted(courseName(e), 'un contenido')}.`,
  'module.update': (e) =>
    `editó ${named('el módulo', moduleName(e, 'after'), 'un módulo')} de ${quoted(courseName(e), 'un contenido')}.`,
  'module.delete': (e) =>
    `quitó ${named('el módulo', moduleName(e, 'before'), 'un módulo')} de ${quoted(courseName(e), 'un contenido')}.`,
  'module.reorder': (e) => `cambió el orden de los módulos de ${quoted(courseName(e), 'un contenido')}.`,
  'section.create': (e) =>
    `agregó la sección ${quoted(sectionName(e, 'after'), 'nueva')} a ${quoted(courseName(e), 'un contenido')}.`,
  'section.update': (e) =>
    `editó ${named('la sección', sectionName(e, 'after'), 'una sección')} de ${quoted(courseName(e), 'un contenido')}.`,
  'section.delete': (e) =>
    `quitó ${named('la sección', sectionName(e, 'before'), 'una sección')} de ${quoted(courseName(e), 'un contenido')}.`,
  'section.reorder': (e) =>
    `cambió el orden de las secciones ${named('del módulo', moduleName(e, 'after'), 'de un módulo')} de ${quoted(courseName(e), 'un contenido')}.`,
  'course.cover': (e) => `cambió la portada de ${quoted(courseName(e), 'un contenido')}.`,
  'tag.create': (e) => `creó la etiqueta ${quoted(text(fields(e.after).name), 'nueva')}.`,
  'section.captions': () => 'subió subtítulos nuevos para una clase.',
  'section.captions.delete': () => 'quitó los subtítulos de una clase.',
  'upload.finish': (e) => {
    const after = fields(e.after);
    const kind = after.kind === 'video' ? 'el video' : after.kind === 'image' ? 'la imagen' : 'el archivo';
    return `subió ${kind} ${quoted(text(after.name), 'nuevo')}.`;
  },
  'video.hls_queue': (e) =>
    `pidió preparar ${named('el video', e.targetId.split('/').pop(), 'un video')} para que se vea bien con cualquier conexión.`,
  'member.validation_mail': (e) => {
    const to = text(fields(e.after).to);
    return `le reenvió el correo de validación a ${memberOf(e)}${to && to !== memberOf(e) ? ` (${to})` : ''}.`;
  },
  'member.sessions_end': (e) => {
    const open = count(fields(e.before).sessions);
    return open === 1
      ? `cerró la sesión abierta de ${memberOf(e)}.`
      : `cerró ${open === null ? 'las' : `las ${open}`} sesiones abiertas de ${memberOf(e)}.`;
  },
  'member.product_grant': (e) => {
    const after = fields(e.after);
    const product = text(after.productName) ?? text(after.productId);
    return `le dio ${quoted(product, 'un programa o pack')} a ${memberOf(e)}${reasonOf(e.after)}.`;
  },
  'member.product_revoke': (e) => {
    const products = Array.isArray(e.before)
      ? e.before.map((item) => text(fields(item).productName) ?? text(fields(item).productId)).filter(Boolean)
      : [];
    const what = products.length > 0 ? products.map((name) => `«${name}»`).join(', ') : 'un programa o pack';
    return `le quitó ${what} a ${memberOf(e)}${reasonOf(e.after)}.`;
  },
  'member.subscription_cancel': (e) => {
    const until = dateOf(fields(e.after).accessUntil);
    return `canceló la suscripción de ${memberOf(e)}${until ? `; tiene acceso hasta el ${until}` : ''}${reasonOf(e.after)}.`;
  },
  'payment.refund': (e) => {
    const after = fields(e.after);
    // refundAmount since issue 39 (amount is then the payment's); older entries named it amount
    const amount = count(after.refundAmount ?? after.amount);
    const what = amount === null ? 'un pago' : formatPesos(amount);
    const to = e.targetName ? ` a ${e.targetName}` : ` del pago ${e.targetId}`;
    const access = after.accessEnded === true ? ' y le quitó el acceso que le daba ese pago' : '';
    return `devolvió ${what}${to}${access}${reasonOf(e.after)}.`;
  },
  'refund.retry': (e) => {
    const tries = count(fields(e.before).attempts);
    return `volvió a intentar la devolución n.º ${e.targetId}${tries ? ` (el proveedor la había rechazado ${tries === 1 ? 'una vez' : `${tries} veces`})` : ''}.`;
  },
  'order.sync': (e) => {
    const from = fields(e.before).status;
    const to = fields(e.after).status;
    return from === to
      ? `volvió a consultar la orden al proveedor: sigue ${orderStatus(to)}.`
      : `volvió a consultar la orden al proveedor: pasó de ${orderStatus(from)} a ${orderStatus(to)}.`;
  },
  'promo_code.create': (e) => {
    const kind = promoCodeKind(fields(e.after).type);
    return `creó el código ${kind ? `${kind} ` : ''}«${e.targetId}».`;
  },
  'promo_code.create_batch': (e) => {
    const after = fields(e.after);
    const made = count(after.count);
    const kind = promoCodeKind(after.type);
    return `creó un lote de ${made ?? 'varios'} códigos${kind ? ` ${kind}` : ''}.`;
  },
  'promo_code.update': (e) => {
    const before = fields(e.before);
    const after = fields(e.after);
    const changes: string[] = [];
    if (before.active !== after.active) changes.push(after.active ? 'lo activó' : 'lo pausó');
    if (before.disabled !== after.disabled)
      changes.push(after.disabled ? 'lo dio de baja' : 'lo volvió a habilitar');
    if (before.validUntil !== after.validUntil) {
      const until = dateOf(after.validUntil);
      changes.push(until ? `vale hasta el ${until}` : 'ya no vence');
    }
    if (before.maxUses !== after.maxUses) {
      changes.push(after.maxUses == null ? 'usos sin límite' : `hasta ${after.maxUses} usos`);
    }
    return `cambió el código «${e.targetId}»${changes.length > 0 ? `: ${changes.join(', ')}` : ''}.`;
  },
  'plan.prices.update': (e) => {
    const after = fields(e.after);
    const prices = Array.isArray(after.prices) ? after.prices.map(fields) : [];
    const list = prices
      .map((price) => {
        const charged = count(price.discountPrice) ?? count(price.regularPrice);
        const label = (frequencyLabels as Record<string, string>)[String(price.frequency)];
        const frequency = label ? label.toLowerCase() : 'por período';
        return charged === null ? null : `${frequency} ${formatPesos(charged)}`;
      })
      .filter(Boolean);
    const notified = count(after.scheduledSubscribers);
    const from = dateOf(after.effectiveOn);
    const notice =
      notified && from
        ? `; ${notified === 1 ? 'a una suscriptora le avisamos' : `a ${notified} suscriptoras les avisamos`} que el precio nuevo rige desde el ${from}`
        : '';
    return `cambió los precios de ${quoted(e.targetName, 'un plan')}${list.length > 0 ? `: ${list.join(', ')}` : ''}${notice}.`;
  },
  'news_post.create': (e) => `escribió ${postOf(e)}, sin publicar.`,
  'news_post.update': (e) => `editó ${postOf(e)}.`,
  'news_post.publish': (e) => `publicó ${postOf(e)}: las alumnas la ven en Novedades.`,
  'news_post.unpublish': (e) => `despublicó ${postOf(e)}: las alumnas ya no la ven.`,
  'service_control.update': (e) => switchSentence(e),
  'feature_flag.update': (e) => switchSentence(e),
  'operator.create': (e) => {
    const after = fields(e.after);
    return `creó la cuenta de operador de ${text(after.email) ?? memberOf(e)}, con el rol ${auditRoleLabel(String(after.role))}.`;
  },
  'operator.role_set': (e) => {
    const after = fields(e.after);
    const who = text(after.email) ?? memberOf(e);
    return `le cambió el rol a ${who}: de ${auditRoleLabel(String(fields(e.before).role))} a ${auditRoleLabel(String(after.role))}, con un segundo factor nuevo.`;
  },
  'operator.totp_enrolment_start': (e) =>
    `empezó a cambiar su segundo factor (probó que era ella con ${fields(e.after).provedWith === 'recovery_code' ? 'un código de recuperación' : 'un código de su app'}).`,
  'operator.totp_enrol': (e) => {
    const codes = count(fields(e.after).recoveryCodes);
    return `cambió su segundo factor${codes ? ` y recibió ${codes} códigos de recuperación nuevos` : ''}; le avisamos por correo.`;
  },
  'operator.recovery_codes_replace': (e) => {
    const codes = count(fields(e.after).recoveryCodes);
    return `generó ${codes ?? 'sus'} códigos de recuperación nuevos (los anteriores ya no sirven).`;
  },
  'fiscal_document.retry': (e) => `volvió a pedir a ARCA el comprobante n.º ${e.targetId}.`,
};

function switchSentence(entry: AuditSentenceEntry): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const name = `«${switchLabel(entry.targetId)}»`;
  const resourceChanged = (before.resource ?? null) !== (after.resource ?? null);
  const address = resourceChanged
    ? text(after.resource)
      ? ` con la dirección ${after.resource}`
      : ' sin dirección'
    : '';
  if (before.enabled === after.enabled) {
    return resourceChanged
      ? `cambió la dirección de ${name}: ahora es ${text(after.resource) ?? 'ninguna'}.`
      : `guardó ${name} sin cambios.`;
  }
  return `${after.enabled ? 'encendió' : 'apagó'} ${name}${address}.`;
}

/** The entry as one Spanish sentence, its subject the operator's role. */
export function auditSentence(entry: AuditSentenceEntry): string {
  const builder = auditSentenceBuilders[entry.action];
  const who = auditRoleLabel(entry.actorRole);
  if (!builder) return `${who} hizo un cambio que este panel todavía no sabe describir.`;
  // a reason that ends in a full stop ends the sentence
  return `${who} ${builder(entry)}`.replace(/([.!?…])\.$/, '$1');
}
