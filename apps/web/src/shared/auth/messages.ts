import { invalidEmailMessage } from '@alcancia/contract/rules';
import { ApiError, type ApiErrorCode } from '../../lib/api-client';

/**
 * Every text the auth screens show for an outcome, in one place: per flow, internalCode → text
 * (the keys are the error catalogue's codes, decision 0310).
 * Texts from the spec's error catalogue (section 8) are kept word for word, including
 * 'Ocurrio un error inesperado.' without its accent. `default` covers any other failure.
 */
export const unexpectedError = 'Ocurrio un error inesperado.';
export const invalidDataMessage = 'Los datos no son válidos. Intenta nuevamente.';
export const emailNotFoundMessage = 'No encontramos una cuenta con ese correo. Revisá que esté bien escrito.';

/** A flow's texts: one per error code it tells apart, and `default` for any other failure. */
type FlowTexts = Partial<Record<ApiErrorCode, string>> & { default: string };

export const authMessages = {
  login: {
    INVALID_CREDENTIALS: 'Los datos son incorrectos. Intenta nuevamente.',
    // Accounts spec §5: the account data invalid message (a malformed e-mail, say), not the
    // wrong-credentials one.
    INVALID_DATA: invalidDataMessage,
    UNVERIFIED_ACCOUNT: 'Por favor, validá tu cuenta.',
    default: unexpectedError,
  },
  register: {
    EMAIL_ALREADY_EXISTS: 'Ya existe una cuenta con este correo.',
    PASSWORD_NOT_VALID: 'La contraseña no tiene un formato válido. Revisá los requisitos.',
    INVALID_DATA: invalidDataMessage,
    UNEXPECTED_ERROR: unexpectedError,
    default: 'No pudimos crear tu cuenta. Intentá nuevamente en unos minutos.',
  },
  // The API answers the same for every address (issue 40, decision 0265): no not-found or
  // unvalidated text here, so none can tell an address apart.
  forgotPassword: {
    INVALID_DATA: invalidEmailMessage,
    default: unexpectedError,
  },
  resendConfirmation: {
    EMAIL_NOT_FOUND: emailNotFoundMessage,
    EMAIL_ALREADY_VERIFIED: 'Tu cuenta ya está validada. Ya podés iniciar sesión.',
    INVALID_DATA: invalidEmailMessage,
    default: unexpectedError,
  },
  validateAccount: {
    USER_ALREADY_CONFIRMED:
      'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
    INVALID_VERIFICATION_CODE:
      'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
    default: 'No pudimos validar tu cuenta. Intentá nuevamente en unos minutos.',
  },
  recoverPassword: {
    INVALID_VERIFICATION_CODE:
      'El código para cambiar tu contraseña no es válido o ya venció. Pedí uno nuevo desde «¿Olvidaste tu contraseña?».',
    PASSWORD_NOT_VALID: 'La contraseña no tiene un formato válido. Revisá los requisitos.',
    EMAIL_NOT_FOUND: emailNotFoundMessage,
    INVALID_DATA: invalidDataMessage,
    default: unexpectedError,
  },
  socialLogin: {
    SOCIAL_LOGIN_FAILED:
      'No pudimos iniciar sesión con tu cuenta social. Intentá nuevamente o ingresá con tu correo.',
    default: 'No pudimos iniciar sesión con tu cuenta social. Intentá nuevamente o ingresá con tu correo.',
  },
} as const satisfies Record<string, FlowTexts>;

export type AuthFlow = keyof typeof authMessages;

/** Successes and hints with no error code. */
export const authTexts = {
  validationSuccess:
    '¡Tu cuenta ya fue validada! Ingresa nuevamente a la app y comenzá a empoderar tus finanzas.',
  emailMismatch: 'Los correos no coinciden. Revisá que sean iguales.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  invalidPhone: 'Ingresá un teléfono válido, solo con números.',
  nameRequired: 'Ingresá tu nombre.',
  passwordReset: '¡Listo! Cambiaste tu contraseña.',
  passwordResetNext: 'Ya podés iniciar sesión con tu correo y tu nueva contraseña.',
  registeredLoginFailed: 'Tu cuenta fue creada. Iniciá sesión para continuar.',
} as const;

/**
 * The text for a failed call in a flow. Rate limits (429) and network failures keep the text the
 * client or server already wrote in Spanish, since it says what to do (wait, check connection).
 */
export function messageFor(flow: AuthFlow, error: unknown): string {
  const texts: FlowTexts = authMessages[flow];
  if (error instanceof ApiError) {
    if (
      (error.internalCode === 'TOO_MANY_REQUESTS' || error.internalCode === 'NETWORK_ERROR') &&
      error.message
    ) {
      return error.message;
    }
    const text = texts[error.internalCode];
    if (text) return text;
  }
  return authMessages[flow].default;
}

/** The internalCode of a failure, when the server gave one. */
export function codeOf(error: unknown): ApiErrorCode | null {
  return error instanceof ApiError ? error.internalCode : null;
}
