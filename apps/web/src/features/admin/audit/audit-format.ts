/** How the audit log's entries read in Spanish (the action's code stays beside it, for filtering). */

const actionLabels: Record<string, string> = {
  'course.create': 'Creó un contenido',
  'course.update': 'Editó un contenido',
  'course.publish': 'Publicó un contenido',
  'course.unpublish': 'Despublicó un contenido',
  'course.schedule': 'Programó una publicación',
  'module.create': 'Agregó un módulo',
  'module.update': 'Editó un módulo',
  'module.delete': 'Quitó un módulo',
  'module.reorder': 'Reordenó los módulos',
  'section.create': 'Agregó una sección',
  'section.update': 'Editó una sección',
  'section.delete': 'Quitó una sección',
  'section.reorder': 'Reordenó las secciones',
  'upload.finish': 'Subió un archivo',
  'video.hls_queue': 'Pidió empaquetar un video en HLS',
  'member.validation_mail': 'Reenvió la validación',
  'member.sessions_end': 'Cerró las sesiones de un miembro',
  'member.product_grant': 'Dio un programa o pack',
  'member.product_revoke': 'Quitó un programa o pack',
  'member.subscription_cancel': 'Canceló una suscripción',
  'payment.refund': 'Devolvió un pago',
  'refund.retry': 'Reintentó una devolución',
  'order.sync': 'Volvió a consultar una orden',
  'promo_code.create': 'Creó un código',
  'promo_code.create_batch': 'Creó un lote de códigos',
  'promo_code.update': 'Cambió un código',
  'plan.prices.update': 'Cambió los precios de un plan',
  'service_control.update': 'Cambió un servicio',
  'feature_flag.update': 'Cambió una función',
  'operator.create': 'Creó un operador',
  'operator.role_set': 'Cambió el rol de un operador',
  'operator.totp_enrolment_start': 'Empezó a configurar su segundo factor',
  'operator.totp_enrol': 'Configuró su segundo factor',
  'operator.recovery_codes_replace': 'Generó códigos de recuperación nuevos',
};

/** The action in Spanish; an action this page does not know shows its code. */
export const auditActionLabel = (action: string) => actionLabels[action] ?? action;

const roleLabels: Record<string, string> = {
  admin: 'Administración',
  editor: 'Edición',
  support: 'Soporte',
  cli: 'Línea de comandos',
};

export const auditRoleLabel = (role: string) => roleLabels[role] ?? role;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/**
 * What changed, field by field, when "after" is an object: "campo: antes → después" for each field
 * whose value differs (in the order they first appear; missing and null are the same), or
 * "campo: valor" when there was no "before" object. Anything else is left to the full JSON.
 */
export function auditChanges(before: unknown, after: unknown): string[] {
  if (!isRecord(after)) return [];
  const previous = isRecord(before) ? before : {};
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(previous[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) =>
      isRecord(before)
        ? `${key}: ${shown(previous[key])} → ${shown(after[key])}`
        : `${key}: ${shown(after[key])}`,
    );
}
