import { formatDateTime, formatDay, formatPesos } from '../admin-format';

/** The audit log's filters and its before/after table, in Spanish (the sentences: audit-sentences.ts). */

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
  'section.captions': 'Subió subtítulos',
  'section.captions.delete': 'Quitó subtítulos',
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
  'fiscal_document.retry': 'Reintentó un comprobante fiscal',
};

/** The filter's choices: every kind of change, by what it did. */
export const auditActionChoices = Object.entries(actionLabels).map(([value, label]) => ({ value, label }));

/** The action in Spanish (the heading of its before/after table). */
export const auditActionLabel = (action: string) => actionLabels[action] ?? 'Otro cambio';

/** What a change was made on, for the filter. */
export const auditTargetChoices = [
  { value: 'member', label: 'Miembros' },
  { value: 'payment', label: 'Pagos' },
  { value: 'refund', label: 'Devoluciones' },
  { value: 'order', label: 'Órdenes' },
  { value: 'promo_code', label: 'Códigos' },
  { value: 'promo_code_batch', label: 'Lotes de códigos' },
  { value: 'plan', label: 'Planes y precios' },
  { value: 'service_control', label: 'Servicios' },
  { value: 'feature_flag', label: 'Funciones' },
  { value: 'course', label: 'Contenidos' },
  { value: 'module', label: 'Módulos' },
  { value: 'section', label: 'Secciones' },
  { value: 'upload', label: 'Archivos subidos' },
  { value: 'operator', label: 'Operadores' },
  { value: 'fiscal_document', label: 'Comprobantes fiscales' },
];

const fieldLabels: Record<string, string> = {
  status: 'Estado',
  orderStatus: 'Estado de la orden',
  amount: 'Monto',
  refunded: 'Ya devuelto',
  refundState: 'Devolución',
  refundAmount: 'Monto de esta devolución',
  refundId: 'N.º de devolución',
  endAccess: 'Quitar el acceso',
  accessEnded: 'Acceso quitado',
  reason: 'Motivo',
  to: 'Correo',
  email: 'Correo',
  sessions: 'Sesiones abiertas',
  productType: 'Tipo',
  productId: 'Programa o pack',
  productName: 'Nombre',
  source: 'Origen',
  plan: 'Plan',
  cancellationCode: 'Código de cancelación',
  accessUntil: 'Acceso hasta',
  published: 'Publicado',
  publishAt: 'Publicación programada',
  prices: 'Precios',
  scheduledSubscribers: 'Suscriptoras avisadas',
  effectiveOn: 'Rige desde',
  enabled: 'Encendido',
  resource: 'Dirección',
  active: 'Activo',
  disabled: 'Dado de baja',
  validFrom: 'Vale desde',
  validUntil: 'Vale hasta',
  maxUses: 'Usos máximos',
  description: 'Descripción',
  count: 'Cantidad',
  codes: 'Códigos',
  type: 'Tipo',
  discountPercent: 'Descuento (%)',
  freeMonths: 'Meses gratis',
  freeDays: 'Días gratis',
  planId: 'Plan',
  planIds: 'Planes',
  frequencies: 'Frecuencias',
  programIds: 'Programas',
  allowedCountryCodes: 'Países',
  attempts: 'Intentos',
  error: 'Error',
  state: 'Estado',
  name: 'Nombre',
  kind: 'Tipo',
  size: 'Tamaño (bytes)',
  duration: 'Duración (s)',
  role: 'Rol',
  secondFactor: 'Segundo factor',
  recoveryCodes: 'Códigos de recuperación',
  totpEnabledAt: 'Segundo factor desde',
  provedWith: 'Identidad probada con',
  longDescription: 'Descripción larga',
  modules: 'Módulos',
  faqs: 'Preguntas frecuentes',
  tags: 'Etiquetas',
  category: 'Categoría',
  level: 'Nivel',
  cover: 'Portada',
  teacher: 'Docente',
  outcomes: 'Qué aprende',
  isFree: 'Gratis',
  audience: 'Para quién',
  price: 'Precio',
  regularPrice: 'Precio regular',
  maxInstallments: 'Cuotas máximas',
  sortOrder: 'Orden en el catálogo',
  items: 'Contenidos del pack',
  captionsHash: 'Subtítulos',
  freeTrial: 'Prueba gratis',
};

/** Fields the sentence already says in words or that only an engineer needs. */
const hiddenFields = new Set(['member', 'id', 'key', 'sectionUrl', 'mimeType', 'fileExtension']);

/** Amounts in centavos, shown as money. */
const centavoFields = new Set(['amount', 'refunded', 'refundAmount', 'regularPrice', 'discountPrice']);

const valueWords: Record<string, string> = {
  approved: 'aprobado',
  refunded: 'devuelto',
  // a payment's refund state (money-ledger.ts refundStateOf)
  not_refunded: 'sin devolver',
  refund_in_progress: 'devolución en curso',
  partially_refunded: 'devuelto en parte',
  pending: 'pendiente',
  in_process: 'en proceso',
  rejected: 'rechazado',
  paid: 'pagada',
  active: 'activa',
  cancelled: 'cancelada',
  expired: 'vencida',
  created: 'creada',
  refused: 'rechazada',
  PENDING: 'en curso',
  SUCCESS: 'hecha',
  FAILED: 'fallida',
  queued: 'en cola',
  ready: 'lista',
  failed: 'fallida',
  totp: 'un código de su app',
  recovery_code: 'un código de recuperación',
  new: 'nuevo',
  admin: 'Administración',
  editor: 'Edición',
  support: 'Soporte',
  operator: 'dado por un operador',
  program: 'programa',
  pack: 'pack',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value in words: "Sí", "$ 11.900,00", "27/12/2026", "3 módulos" — never JSON. */
export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '')
    return key === 'captionsHash' ? 'sin subtítulos' : 'sin dato';
  if (key === 'captionsHash') return 'cargados';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') {
    if (centavoFields.has(key)) return formatPesos(value);
    return new Intl.NumberFormat('es-AR').format(value);
  }
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    // an order (la orden) is feminine: pagada, devuelta
    if (key === 'orderStatus' && value === 'refunded') return 'devuelta';
    return valueWords[value] ?? value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'ninguno';
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      return value.map((item) => auditValue(key, item)).join(', ');
    }
    if (key === 'prices') {
      return value
        .filter(isRecord)
        .map((price) => {
          const charged = price.discountPrice ?? price.regularPrice;
          return `${String(price.frequency)}: ${typeof charged === 'number' ? formatPesos(charged) : 'sin precio'}`;
        })
        .join('; ');
    }
    if (key === 'modules') return value.length === 1 ? '1 módulo' : `${value.length} módulos`;
    const names = value.filter(isRecord).map((item) => item.name ?? item.productName ?? item.productId);
    if (names.every((name) => typeof name === 'string')) return names.join(', ');
    return value.length === 1 ? '1 elemento' : `${value.length} elementos`;
  }
  if (isRecord(value)) {
    if (typeof value.name === 'string') return value.name;
    if (typeof value.src === 'string') return 'una imagen';
    return Object.entries(value)
      .filter(([field]) => !hiddenFields.has(field))
      .map(([field, inner]) => `${fieldLabels[field] ?? field}: ${auditValue(field, inner)}`)
      .join('; ');
  }
  return String(value);
}

export interface AuditChangeRow {
  field: string;
  before: string;
  after: string;
}

/**
 * The before/after table: one row per field that differs (missing and null are the same), in
 * the order they first appear, its name and both values in words. A list before (the products a
 * revoke took away) reads as one row.
 */
export function auditChangeRows(before: unknown, after: unknown): AuditChangeRow[] {
  if (Array.isArray(before) && !isRecord(after)) {
    return [{ field: 'Qué había', before: auditValue('items', before), after: 'sin dato' }];
  }
  const previous: Record<string, unknown> = isRecord(before) ? before : {};
  const next: Record<string, unknown> = isRecord(after) ? after : {};
  const rows: AuditChangeRow[] = Array.isArray(before)
    ? [{ field: 'Qué había', before: auditValue('items', before), after: 'sin dato' }]
    : [];
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(next)])];
  for (const key of keys) {
    if (hiddenFields.has(key)) continue;
    if (JSON.stringify(previous[key] ?? null) === JSON.stringify(next[key] ?? null)) continue;
    rows.push({
      field: fieldLabels[key] ?? key,
      before: auditValue(key, previous[key]),
      after: isRecord(after) ? auditValue(key, next[key]) : 'sin dato',
    });
  }
  return rows;
}
