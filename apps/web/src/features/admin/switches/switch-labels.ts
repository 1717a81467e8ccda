/**
 * Each operator switch by its name in the panel and one line on what it changes for learners
 * (issue 29: "Comunidad", never "Encender COMMUNITY"). A switch the API gains adds its line here;
 * switch-labels.test.ts fails until it does.
 */
export interface SwitchLabel {
  label: string;
  /** what learners see change when it is on (and when it is off) */
  description: string;
}

export const switchLabels: Record<string, SwitchLabel> = {
  COMMUNITY: {
    label: 'Comunidad',
    description:
      'Encendida, las alumnas con un plan que la incluye ven «Comunidad» en el menú y entran a la comunidad privada (la dirección de abajo). Apagada, el menú no la muestra.',
  },
  NEWS: {
    label: 'Novedades',
    description:
      'Encendida, Novedades es el inicio de las alumnas: la clase para seguir, su meta semanal y su racha, lo nuevo de la academia y sus novedades. Apagada, Novedades muestra el saludo con el código QR para bajar la app.',
  },
  PFM: {
    label: 'Mis Cuentas',
    description:
      'Encendida, las alumnas ven «Mis Cuentas»: el espacio de cada una para sus cuentas en pesos y dólares, sus tarjetas y cuotas y la calculadora «¿cuotas o contado?». Apagada, Mis Cuentas muestra el saludo con el código QR para bajar la app.',
  },
  CHAT_BOT: {
    label: 'Chat de ayuda',
    description:
      'Encendido, las alumnas ven el botón del chat de ayuda en la academia; abajo elegís a qué asistente lleva (CustomGPT, Botpress o Aladina). Apagado, el botón no aparece.',
  },
  ALADINA: {
    label: 'Aladina',
    description:
      'Encendida, las alumnas abren «Aladina» desde el menú: la asistente de la academia responde con lo que enseñan las clases y lleva al momento de cada una. Apagada, el menú muestra «Aladina Próximamente».',
  },
  SOCIAL_LOGIN_GOOGLE: {
    label: 'Ingresar con Google',
    description:
      'Encendido, la pantalla de ingreso y la de registro ofrecen «Continuar con Google». Apagado, solo se entra con correo y contraseña (o con Facebook).',
  },
  SOCIAL_LOGIN_FACEBOOK: {
    label: 'Ingresar con Facebook',
    description:
      'Encendido, la pantalla de ingreso y la de registro ofrecen «Continuar con Facebook». Apagado, ese botón no aparece.',
  },
  SUBSCRIPTION_CHECKOUT_PROVIDER: {
    label: 'Proveedor de cobro de suscripciones',
    description:
      'Encendido, su dirección dice con qué proveedor se cobran las suscripciones nuevas: MP es Mercado Pago (el formulario de tarjeta), HOSTED el segundo proveedor (solo los planes con su enlace de pago se pueden contratar). Un plan que tiene su propio enlace del segundo proveedor sigue cobrando por ese enlace. Apagado, cada plan cobra con el proveedor que tiene configurado. Las suscripciones vigentes no cambian.',
  },
  enableMonthlySubscriptionPurchase: {
    label: 'Planes mensuales a la venta',
    description:
      'Encendido, la página de planes muestra la pestaña «Mensual» y se puede contratar un plan por mes. Apagado, no se venden planes mensuales nuevos (las suscripciones vigentes siguen).',
  },
  enableAnnualSubscriptionPurchase: {
    label: 'Planes anuales a la venta',
    description:
      'Encendido, la página de planes muestra la pestaña «Anual» y se puede contratar un plan por año. Apagado, no se venden planes anuales nuevos (las suscripciones vigentes siguen).',
  },
};

/** The switch's name in the panel; one the panel does not know yet reads "Interruptor NAME". */
export const switchLabel = (name: string) => switchLabels[name]?.label ?? `Interruptor ${name}`;
export const switchDescription = (name: string) =>
  switchLabels[name]?.description ?? 'Todavía no describimos qué cambia para las alumnas.';
