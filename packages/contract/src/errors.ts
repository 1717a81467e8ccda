import { z } from 'zod';
import { programErrorMessages } from './programs';
import { promoCodeMessages } from './promo-codes';

/**
 * Every error leaves the API as `{ internalCode, message }` (plus `fields` for validation).
 * The web maps `internalCode` to the Spanish texts of the spec; `message` is a Spanish fallback.
 *
 * The error catalogue: every `internalCode` the API answers, its HTTP status and its Spanish
 * message (decision 0310). `AppError` (apps/api/src/errors.ts) takes only these codes, the web's
 * `ApiError.internalCode` is typed by them, and `npm run check:error-codes` fails on a code thrown
 * or compared anywhere that is not here.
 *
 * - `status`: the status the code is answered with; `otherStatuses`: others it is answered with
 *   at some throw sites (a 401 instead of a 400, a tus status), checked by the same script.
 * - `message`: the Spanish text when nothing more precise is said. A throw site may say more
 *   (`No encontramos ese plan.` for NOT_FOUND); the spec's texts are kept word for word.
 *
 * A new code: add it here, in its area, under the shared lock (this file is shared).
 */
type CatalogueEntry = {
  readonly status: number;
  readonly otherStatuses?: readonly number[];
  readonly message: string;
};

export const errorCatalogue = {
  // ---- any endpoint: the error handler, validation, rate limits
  BAD_REQUEST: { status: 400, otherStatuses: [415], message: 'La solicitud no es válida.' },
  INVALID_DATA: {
    status: 400,
    otherStatuses: [403, 412],
    message: 'Los datos no son válidos. Intenta nuevamente.',
  },
  UNAUTHORIZED: { status: 401, message: 'Tenés que iniciar sesión.' },
  FORBIDDEN: { status: 403, message: 'No tenés acceso a este contenido.' },
  NOT_FOUND: { status: 404, message: 'No encontramos lo que buscás.' },
  CONFLICT: { status: 409, message: 'Eso no se puede hacer en el estado actual.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La solicitud es demasiado grande.' },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Hiciste demasiados intentos. Esperá un momento y volvé a probar.',
  },
  UNEXPECTED_ERROR: { status: 500, message: 'Ocurrió un error inesperado. Intentá nuevamente.' },
  NOT_SUPPORTED: {
    status: 501,
    message: 'Esa forma de subir archivos no está disponible. Subí el archivo entero.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'El servicio no está disponible por el momento. Intentá nuevamente en unos minutos.',
  },

  // ---- auth: accounts, sessions, codes (accounts spec §5, §8)
  INVALID_CREDENTIALS: { status: 401, message: 'Los datos son incorrectos. Intenta nuevamente.' },
  /** Read by the web's login (spec §5); the API answers INVALID_CREDENTIALS instead (decision 0265). */
  UNVERIFIED_ACCOUNT: { status: 403, message: 'Por favor, validá tu cuenta.' },
  EMAIL_ALREADY_EXISTS: { status: 409, message: 'Ya existe una cuenta con este correo. Iniciá sesión.' },
  EMAIL_NOT_FOUND: { status: 404, message: 'No encontramos una cuenta con ese correo.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Tu correo ya está validado. Podés iniciar sesión.' },
  USER_ALREADY_CONFIRMED: {
    status: 409,
    message:
      'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
  },
  INVALID_VERIFICATION_CODE: {
    status: 400,
    message:
      'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
  },
  PASSWORD_NOT_VALID: { status: 400, message: 'La contraseña no cumple los requisitos.' },
  INVALID_REFRESH_TOKEN: { status: 401, message: 'Tu sesión venció. Iniciá sesión nuevamente.' },
  SOCIAL_LOGIN_FAILED: {
    status: 400,
    message: 'No pudimos iniciar sesión con la red social. Intentá nuevamente.',
  },
  COUNTRY_CHANGE_NOT_ALLOWED: {
    status: 409,
    message:
      'Tu país quedó registrado con una compra o un código promocional, así que no se puede cambiar desde acá. Si te mudaste, escribinos por el chat de ayuda y lo revisamos.',
  },
  INVALID_MFA_CODE: {
    status: 401,
    otherStatuses: [400],
    message: 'El código no es correcto o ya se usó. Ingresá el código que muestra ahora tu aplicación.',
  },
  MFA_TOKEN_EXPIRED: { status: 401, message: 'Pasaron varios minutos: ingresá tu contraseña otra vez.' },

  // ---- account: Mi cuenta (issue 17)
  WRONG_PASSWORD: { status: 400, message: 'La contraseña no es correcta. Revisala e intentá nuevamente.' },
  PASSWORD_NOT_SET: {
    status: 409,
    message: 'Tu cuenta no tiene contraseña: pedí un código por correo para eliminarla.',
  },
  PASSWORD_REQUIRED: {
    status: 409,
    message: 'Tu cuenta tiene contraseña: escribila para confirmar que querés eliminarla.',
  },

  // ---- academy, files, certificates, community
  SUBSCRIPTION_REQUIRED: { status: 403, message: 'Este contenido es para suscriptoras.' },
  PURCHASE_REQUIRED: { status: 403, message: 'Este programa es para quienes lo compraron.' },
  INVALID_SECTION: { status: 400, message: 'La clase no pertenece a este módulo o no registra progreso.' },
  FILE_TYPE_NOT_ALLOWED: { status: 400, message: 'Solo se pueden descargar archivos PDF o XLSX.' },
  FILE_URL_EXPIRED: { status: 403, message: 'El enlace del archivo venció. Volvé a abrir el material.' },
  INVALID_FILE_SIGNATURE: {
    status: 403,
    message: 'El enlace del archivo no es válido. Volvé a abrir el material.',
  },
  MEDIA_URL_EXPIRED: { status: 403, message: 'La dirección del video venció. Volvé a abrir la clase.' },
  INVALID_MEDIA_SIGNATURE: {
    status: 403,
    message: 'La dirección del video no es válida. Volvé a abrir la clase.',
  },
  CERTIFICATE_NOT_AVAILABLE: {
    status: 409,
    message:
      'Tu certificado estará disponible cuando termines el curso. Completá todas las clases y volvé a intentarlo.',
  },
  CERTIFICATE_EMAIL_NOT_SUPPORTED: {
    status: 400,
    message: 'No enviamos certificados por correo: descargalo desde el curso.',
  },
  /** issue 44: a batch of offline progress recorded under another account than the caller's */
  OFFLINE_PROGRESS_OTHER_ACCOUNT: {
    status: 403,
    message: 'Este progreso se guardó con otra cuenta en este dispositivo: no se suma a la tuya.',
  },
  COMMUNITY_ACCESS_REQUIRED: {
    status: 403,
    message: 'La comunidad es para suscriptoras con acceso a la comunidad.',
  },

  // ---- subscriptions and promo codes (purchases spec §4, §8)
  PROMO_CODE: { status: 400, otherStatuses: [403, 404, 409], message: promoCodeMessages.notFound },
  INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN: {
    status: 400,
    message: 'El código promocional no es válido para este plan y/o frecuencia de pago.',
  },
  PROMO_CODE_NOT_BETTER: {
    status: 409,
    message:
      'Tu código no mejora el precio de este plan: ya tiene un descuento igual o mayor. Podés suscribirte al precio actual sin usarlo.',
  },
  SUBSCRIPTION_PLAN_NOT_FOUND: { status: 404, message: 'No encontramos ese plan.' },
  UPGRADE_NOT_ALLOWED: {
    status: 409,
    message: 'Ya tenés una suscripción activa con este plan o uno superior.',
  },
  SUBSCRIPTION_PAYMENT_PENDING: {
    status: 409,
    message: 'Tenés un pago de suscripción en proceso. Te avisamos apenas se acredite.',
  },
  FREE_TRIAL_ALREADY_USED: {
    status: 409,
    message:
      'Ya usaste tu prueba gratis (con esta cuenta o con esta tarjeta). Podés suscribirte igual: el primer cobro se hace hoy.',
  },
  NO_SUBSCRIPTION: { status: 404, message: 'No tenés una suscripción con tarjeta.' },
  SUBSCRIPTION_NOT_CANCELLABLE: {
    status: 409,
    message: 'Tu suscripción no se puede cancelar desde acá: no tiene cobros con tarjeta pendientes.',
  },
  SUBSCRIPTION_NOT_REACTIVATABLE: {
    status: 409,
    message:
      'Solo podés reactivar una suscripción cancelada antes de que termine tu acceso. Elegí un plan para suscribirte de nuevo.',
  },
  SUBSCRIPTION_CARD_NOT_CHANGEABLE: {
    status: 409,
    message:
      'Solo podés cambiar la tarjeta de una suscripción activa. Si la cancelaste, reactivala con la tarjeta nueva.',
  },
  CARD_REQUIRED: { status: 409, message: 'Ingresá los datos de tu tarjeta para reactivar tu suscripción.' },
  SECURITY_CODE_REQUIRED: {
    status: 409,
    message: 'Mercado Pago pide el código de seguridad de tu tarjeta para reactivar tu suscripción.',
  },

  // ---- programs (purchases spec §8: the preview's errors)
  NOT_PROGRAM: { status: 400, message: programErrorMessages.NOT_PROGRAM },
  ONLY_SUBSCRIBERS: { status: 403, message: programErrorMessages.ONLY_SUBSCRIBERS },
  ONLY_UNSUBSCRIBERS: { status: 403, message: programErrorMessages.ONLY_UNSUBSCRIBERS },
  ALREADY_PURCHASED: { status: 409, message: programErrorMessages.ALREADY_PURCHASED },
  OUT_OF_SALE_WINDOW: { status: 409, message: programErrorMessages.OUT_OF_SALE_WINDOW },
  INSTALLMENTS_NOT_ALLOWED: { status: 400, message: programErrorMessages.INSTALLMENTS_NOT_ALLOWED },
  PROGRAM_NOT_FREE: { status: 400, message: programErrorMessages.PROGRAM_NOT_FREE },
  PROGRAM_PAYMENT_PENDING: { status: 409, message: programErrorMessages.PROGRAM_PAYMENT_PENDING },
  CHECKOUT_PROVIDER_MISMATCH: { status: 409, message: programErrorMessages.CHECKOUT_PROVIDER_MISMATCH },
  COUNTRY_NOT_ALLOWED: {
    status: 403,
    message: 'La compra de programas está disponible solo para cuentas de Argentina.',
  },

  // ---- payments: checkouts, cards, webhooks
  PAYMENT_REFUSED: { status: 402, message: 'No pudimos procesar el pago. Probá con otra tarjeta.' },
  PAYMENTS_NOT_CONFIGURED: {
    status: 503,
    message: 'Los pagos no están disponibles en este momento. Probá más tarde.',
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    message: 'No pudimos comunicarnos con el medio de pago. Probá de nuevo en unos minutos.',
  },
  PAYMENT_ATTEMPTS_EXHAUSTED: {
    status: 409,
    message: 'Tu tarjeta fue rechazada dos veces. Probá con otro medio de pago o volvé a intentarlo mañana.',
  },
  CHECKOUT_IN_PROGRESS: { status: 409, message: 'Ya estamos procesando otro pago tuyo. Esperá un momento.' },
  INVALID_IDEMPOTENCY_KEY: {
    status: 400,
    message:
      'No pudimos identificar este intento de pago. Recargá la página y probá de nuevo: no se te cobró nada.',
  },
  CARD_NOT_YOURS: {
    status: 403,
    message: 'Esa tarjeta no está guardada en tu cuenta. Ingresá los datos de tu tarjeta para continuar.',
  },
  CARD_TOKEN_UNKNOWN: {
    status: 422,
    message:
      'No pudimos leer los datos de tu tarjeta (pueden haber vencido). Ingresalos de nuevo para continuar.',
  },
  INVALID_SIGNATURE: { status: 401, message: 'La firma de la notificación no es válida.' },

  // ---- withdrawals ("botón de arrepentimiento")
  WITHDRAWAL_NOT_ALLOWED: {
    status: 409,
    message:
      'Este pago no admite arrepentimiento: solo una compra o el primer pago de una suscripción, aprobados y sin devoluciones.',
  },
  WITHDRAWAL_WINDOW_CLOSED: {
    status: 409,
    message: 'El plazo de 10 días para arrepentirte de esta compra venció.',
  },
  ALREADY_WITHDRAWN: {
    status: 409,
    message: 'Ya te arrepentiste de esta compra: el pago se devuelve una sola vez.',
  },

  // ---- Mis Cuentas (pfm)
  PFM_DISABLED: { status: 404, message: 'Mis Cuentas no está disponible por ahora.' },
  PFM_CURRENCY_MISMATCH: {
    status: 422,
    message: 'La moneda no coincide con la de la cuenta: anotalo en la moneda de la cuenta.',
  },
  PFM_STATEMENT_ALREADY_PAID: { status: 409, message: 'Ese resumen ya está pagado.' },
  PFM_STATEMENT_OPEN: {
    status: 409,
    message: 'Ese resumen todavía no cerró: lo podés pagar desde su cierre.',
  },
  PFM_NOTHING_TO_PAY: { status: 409, message: 'Ese resumen no tiene cuotas para pagar.' },
  PFM_RATE_UNAVAILABLE: {
    status: 503,
    message: 'Todavía no tenemos esa cotización. Probá de nuevo en unos minutos.',
  },

  // ---- reminders (issue 44)
  REMINDER_HOUR_INVALID: { status: 400, message: 'La hora tiene que ser un número entero entre 0 y 23.' },
  REMINDER_DAYS_INVALID: {
    status: 400,
    message: 'Elegí al menos un día de la semana para recibir los recordatorios.',
  },
  REMINDER_QUIET_HOURS: {
    status: 422,
    message:
      'La hora elegida cae dentro de tus horas de silencio. Elegí otra hora o cambiá las horas de silencio.',
  },
  REMINDER_CONSENT_REQUIRED: {
    status: 422,
    message: 'Para activar los recordatorios tenés que aceptar el texto de consentimiento que se muestra.',
  },
  REMINDER_PHONE_NOT_ARGENTINE: {
    status: 422,
    message:
      'Ingresá un celular de Argentina con el formato +549, la característica y el número, sin 0 ni 15 (por ejemplo, +5491123456789).',
  },
  REMINDER_PHONE_NOT_CONFIRMED: {
    status: 409,
    message: 'Confirmá tu número de WhatsApp con el código que te enviamos antes de elegir WhatsApp.',
  },
  REMINDER_CODE_INVALID: { status: 400, message: 'El código no es correcto o venció. Pedí uno nuevo.' },
  REMINDER_PUSH_NOT_SUBSCRIBED: {
    status: 409,
    message: 'Activá las notificaciones en este navegador antes de elegir recordatorios por notificación.',
  },
  PUSH_SUBSCRIPTION_INVALID: {
    status: 422,
    message: 'El navegador no envió una suscripción válida para notificaciones. Probá de nuevo.',
  },
  PUSH_SUBSCRIPTION_TAKEN: {
    status: 409,
    message:
      'Este navegador ya recibe recordatorios de otra cuenta. Desactivalos desde esa cuenta o usá otro navegador.',
  },
  REMINDER_CHANNEL_UNAVAILABLE: {
    status: 503,
    message: 'Ese canal de recordatorios no está disponible por ahora. Elegí otro.',
  },
  REMINDER_SEND_FAILED: {
    status: 502,
    message: 'No pudimos enviar el mensaje de WhatsApp. Revisá el número o intentá de nuevo en unos minutos.',
  },

  // ---- news: Novedades, her home, and the academy's posts (issue 44)
  WEEKLY_GOAL_OUT_OF_RANGE: {
    status: 422,
    message: 'Elegí una meta de 10 a 600 minutos o de 1 a 30 clases por semana.',
  },
  NEWS_POST_HTML: {
    status: 422,
    message:
      'El texto no admite HTML ni scripts. Usá el formato de la guía: **negrita**, *cursiva*, listas con "- " y enlaces [texto](https://…).',
  },
  NEWS_POST_LINK: {
    status: 422,
    message: 'Los enlaces tienen que empezar con https:// o con / (una página de Alcancía).',
  },
  NEWS_POST_TARGET_UNKNOWN: { status: 422, message: 'No encontramos esa clase o ese programa para enlazar.' },
  APP_HANDOFF_INVALID: {
    status: 400,
    message: 'El enlace de la app venció o ya se usó. Volvé a abrirlo desde la app.',
  },

  // ---- Aladina, the academy's assistant (issue 42)
  ALADINA_DISABLED: { status: 404, message: 'Aladina no está disponible por ahora.' },
  ALADINA_QUESTION_EMPTY: { status: 400, message: 'Escribí tu pregunta.' },
  ALADINA_QUESTION_TOO_LONG: {
    status: 400,
    message: 'Tu pregunta puede tener hasta 2.000 caracteres. Acortala y volvé a preguntar.',
  },
  ALADINA_QUESTION_NOT_TEXT: {
    status: 400,
    message: 'Tu pregunta tiene caracteres que no son texto. Escribila de nuevo con palabras.',
  },

  // ---- back office (issues 18, 29)
  OWN_ACCOUNT: {
    status: 403,
    message: 'Es tu propia cuenta: no podés hacer esto sobre ella. Pedíselo a otra operadora del equipo.',
  },
  ALREADY_OWNED: { status: 409, message: 'Ya tiene ese producto.' },
  ALREADY_PUBLISHED: { status: 409, message: 'El contenido ya está publicado.' },
  COURSE_INCOMPLETE: { status: 409, message: 'Para publicarlo faltan partes del curso.' },
  ALREADY_REFUNDED: { status: 409, message: 'Esa devolución ya se hizo.' },
  PAYMENT_NOT_REFUNDABLE: { status: 409, message: 'Solo se pueden devolver pagos aprobados.' },
  REFUND_BY_HAND: {
    status: 409,
    message: 'Este pago se hizo con el segundo proveedor: la devolución se hace desde su panel.',
  },
  REFUND_IN_PROGRESS: {
    status: 409,
    message: 'Esa devolución se intentó hace instantes. Esperá unos minutos antes de reintentarla.',
  },
  PROMO_CODE_ENDED: {
    status: 409,
    message: 'Ese código se dio de baja y no se puede reactivar: creá uno nuevo.',
  },
  ALREADY_ISSUED: { status: 409, message: 'Ese comprobante ya tiene su CAE.' },
  FILE_TOO_LARGE: { status: 413, message: 'El archivo supera el tamaño permitido.' },
  UNSUPPORTED_FILE_TYPE: { status: 415, message: 'Subí un video MP4 o un material PDF o XLSX.' },
  UPLOAD_OFFSET_CONFLICT: {
    status: 409,
    message: 'La subida no sigue desde donde quedó. Intentá nuevamente para retomarla.',
  },
  UPLOAD_EXPIRED: {
    status: 410,
    message: 'Esa subida venció: pasaron más de 2 días sin terminarla. Empezala de nuevo.',
  },
  UPLOAD_LOCKED: {
    status: 423,
    message: 'Esa subida está recibiendo datos por otra conexión. Esperá un momento e intentá nuevamente.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** A code the API answers with: the catalogue's keys. */
export type ErrorCode = keyof typeof errorCatalogue;

/** Every code of the catalogue, for checks and lists. */
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** @deprecated the catalogue's type; kept for the names that still import it. */
export type KnownErrorCode = ErrorCode;

/**
 * Codes the web makes up itself and never reads from the API: no connection at all (status 0).
 * `ApiError.internalCode` is an `ErrorCode` or one of these.
 */
export const clientErrorCodes = ['NETWORK_ERROR'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

/** The status an `ErrorCode` is answered with, or one of its other statuses. */
export function statusesOf(code: ErrorCode): readonly number[] {
  const entry: CatalogueEntry = errorCatalogue[code];
  return [entry.status, ...(entry.otherStatuses ?? [])];
}

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z.object({
  internalCode: z.string(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
