import os from 'node:os';
import path from 'node:path';
import '@alcancia/contract';
import { z } from 'zod';
import { apiRoot } from './db/paths';

/** Empty strings in the environment mean "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);

/** "https://a.example, https://b.example" → origins; each must be an http(s) origin. */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
    'debe ser una lista de orígenes https://dominio separados por comas',
  );

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const mercadoPagoApiUrl = 'https://api.mercadopago.com';
const mercadoPagoSdkUrl = 'https://sdk.mercadopago.com/js/v2';
/** Where the API mounts the Mercado Pago emulator when it plays the provider itself. */
export const mercadoPagoEmulatorPrefix = '/sandbox/mercadopago';
/** Where the API mounts the hosted-checkout stand-in (the redirect provider) outside production. */
export const hostedCheckoutStandInPrefix = '/sandbox/hosted-checkout';
/** Where the API mounts ARCA's stand-in (WSAA and WSFEv1) outside production without a certificate. */
export const arcaStandInPrefix = '/sandbox/arca';
/** ARCA's web services: homologation (testing) and production. */
const arcaEndpoints = {
  homologacion: {
    wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
  },
  produccion: {
    wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
  },
};
/** Where the API mounts the WhatsApp Cloud API's stand-in outside production without a token (issue 44). */
export const whatsAppStandInPrefix = '/sandbox/whatsapp';
/** The stand-in's fixed, fake credentials (development, tests): it accepts exactly these. */
const whatsAppStandIn = {
  phoneNumberId: '100200300400500',
  accessToken: 'alcancia-whatsapp-stand-in-token',
  appSecret: 'alcancia-whatsapp-stand-in-app-secret',
  verifyToken: 'alcancia-whatsapp-stand-in-verify-token',
};
/** Where the API mounts the language model's stand-in (Aladina, issue 42) outside production. */
export const languageModelStandInPrefix = '/sandbox/language-model';
/** The stand-in's fixed key (development, tests): it is no secret. */
const languageModelStandInKey = 'sandbox-language-model-key';
/** The stand-in's fixed shared secret when HOSTED_CHECKOUT_SECRET is not set (development, tests). */
const hostedCheckoutStandInSecret = 'alcancia-hosted-checkout-dev-secret';

const envSchema = z
  .object({
    NODE_ENV: withDefault(z.enum(['development', 'test', 'production']), 'development'),
    PORT: withDefault(z.coerce.number().int().min(0).max(65535), 3000),
    HOST: optional(z.string().min(1)),
    PUBLIC_URL: optional(z.url()),
    DATABASE_URL: optional(
      z.url().refine((v) => /^postgres(ql)?:\/\//.test(v), 'debe empezar con postgres:// o postgresql://'),
    ),
    DATA_DIR: withDefault(z.string().min(1), './.data'),
    WEB_CONCURRENCY: optional(
      z
        .string()
        .trim()
        .regex(/^\d+$/, 'debe ser un número entero de procesos (1 o más)')
        .transform(Number)
        .pipe(z.number().int().min(1, 'debe ser 1 o más').max(256, 'no puede pasar de 256')),
    ),
    LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
    BODY_LIMIT_BYTES: withDefault(
      z.coerce
        .number()
        .int()
        .min(1024)
        .max(50 * 1024 * 1024),
      1024 * 1024,
    ),
    CORS_ORIGINS: optional(z.string()),
    TRUST_PROXY: optional(
      z
        .string()
        .regex(
          /^(false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
          'debe ser false o las direcciones de los proxies separadas por comas (p. ej. loopback, 10.0.0.0/8)',
        ),
    ),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://')),
    MAIL_FROM: withDefault(z.string().min(3), 'Alcancía <hola@alcancia.local>'),
    SEED_DEMO_DATA: withDefault(booleanFlag, 'true'),
    WEB_DIST_DIR: optional(z.string().min(1)),
    CSP_FRAME_ORIGINS: optional(originList),
    CSP_SCRIPT_ORIGINS: optional(originList),
    JWT_SECRET: optional(z.string().min(32, 'debe tener al menos 32 caracteres')),
    ACCESS_TOKEN_TTL_SECONDS: withDefault(z.coerce.number().int().min(30).max(3600), 900),
    REFRESH_TOKEN_TTL_DAYS: withDefault(z.coerce.number().int().min(1).max(365), 30),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'debe empezar con redis:// o rediss://')),
    METRICS_TOKEN: optional(z.string().min(16, 'debe tener al menos 16 caracteres')),
    API_DOCS_ENABLED: optional(booleanFlag),
    RATE_LIMIT_ENABLED: withDefault(booleanFlag, 'true'),
    RATE_LIMIT_ADDRESS_MAX: withDefault(z.coerce.number().int().min(10).max(1_000_000), 600),
    RATE_LIMIT_ACADEMY_HOME_MAX: withDefault(z.coerce.number().int().min(7).max(1_000_000), 300),
    GOOGLE_CLIENT_ID: optional(z.string().min(1)),
    GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
    GOOGLE_ISSUER: withDefault(z.url(), 'https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: optional(z.string().min(1)),
    FACEBOOK_CLIENT_SECRET: optional(z.string().min(1)),
    FACEBOOK_AUTHORIZATION_URL: withDefault(z.url(), 'https://www.facebook.com/v19.0/dialog/oauth'),
    FACEBOOK_TOKEN_URL: withDefault(z.url(), 'https://graph.facebook.com/v19.0/oauth/access_token'),
    FACEBOOK_ME_URL: withDefault(z.url(), 'https://graph.facebook.com/me'),
    STORAGE_DRIVER: withDefault(z.enum(['local', 's3']), 'local'),
    FILES_DIR: optional(z.string().min(1)),
    FILE_URL_SECRET: optional(z.string().min(32, 'debe tener al menos 32 caracteres')),
    S3_BUCKET: optional(z.string().min(1)),
    S3_REGION: withDefault(z.string().min(1), 'us-east-1'),
    S3_ENDPOINT: optional(z.url()),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    S3_FORCE_PATH_STYLE: withDefault(booleanFlag, 'false'),
    FFMPEG_PATH: optional(z.string().min(1)),
    MERCADOPAGO_ACCESS_TOKEN: optional(z.string().min(1)),
    MERCADOPAGO_PUBLIC_KEY: optional(z.string().min(1)),
    MERCADOPAGO_WEBHOOK_SECRET: optional(z.string().min(16, 'debe tener al menos 16 caracteres')),
    MERCADOPAGO_BASE_URL: withDefault(z.url(), mercadoPagoApiUrl),
    MERCADOPAGO_SDK_URL: optional(z.url()),
    MERCADOPAGO_MAX_RETRIES: withDefault(z.coerce.number().int().min(0).max(5), 2),
    MERCADOPAGO_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 15_000),
    HOSTED_CHECKOUT_URL: optional(z.url()),
    HOSTED_CHECKOUT_SECRET: optional(z.string().min(16, 'debe tener al menos 16 caracteres')),
    VAPID_PUBLIC_KEY: optional(
      z.string().regex(/^[\w-]{80,100}$/, 'debe ser una clave pública VAPID (base64url)'),
    ),
    VAPID_PRIVATE_KEY: optional(
      z.string().regex(/^[\w-]{40,50}$/, 'debe ser una clave privada VAPID (base64url)'),
    ),
    VAPID_SUBJECT: optional(
      z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'debe empezar con mailto: o https://'),
    ),
    WHATSAPP_API_URL: withDefault(z.url(), 'https://graph.facebook.com'),
    WHATSAPP_API_VERSION: withDefault(
      z.string().regex(/^v\d+\.\d+$/, 'debe ser una versión como v23.0'),
      'v23.0',
    ),
    WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^\d{5,20}$/, 'debe ser el id numérico del número')),
    WHATSAPP_ACCESS_TOKEN: optional(z.string().min(1)),
    WHATSAPP_APP_SECRET: optional(z.string().min(16, 'debe tener al menos 16 caracteres')),
    WHATSAPP_VERIFY_TOKEN: optional(z.string().min(16, 'debe tener al menos 16 caracteres')),
    BUSINESS_NAME: withDefault(z.string().trim().min(2).max(120), 'Alcancía Educación Financiera S.A.S.'),
    BUSINESS_CUIT: withDefault(
      z.string().regex(/^\d{2}-\d{8}-\d$/, 'debe ser un CUIT con guiones, p. ej. 30-71234567-8'),
      '30-71234567-8',
    ),
    BUSINESS_ADDRESS: withDefault(
      z.string().trim().min(5).max(200),
      'Av. Corrientes 1234, piso 5, C1043 Ciudad Autónoma de Buenos Aires',
    ),
    BUSINESS_EMAIL: withDefault(z.email(), 'hola@alcancia.local'),
    TRANSFER_PAYMENT_PROGRAM_ID: withDefault(z.string().min(1), 'programa-inversora-inteligente'),
    ARCA_CUIT: optional(z.string().regex(/^\d{11}$/, 'debe ser un CUIT de 11 dígitos sin guiones')),
    ARCA_POINT_OF_SALE: withDefault(z.coerce.number().int().min(1).max(99998), 1),
    ARCA_IVA_CONDITION: withDefault(z.enum(['monotributo', 'responsable_inscripto']), 'monotributo'),
    ARCA_ENVIRONMENT: withDefault(z.enum(['homologacion', 'produccion']), 'homologacion'),
    ARCA_CERT_PATH: optional(z.string().min(1)),
    ARCA_KEY_PATH: optional(z.string().min(1)),
    ARCA_WSAA_URL: optional(z.url()),
    ARCA_WSFE_URL: optional(z.url()),
    ARCA_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 20_000),
    // Mis Cuentas' exchange rates (issue 43): the BCRA's statistics API and a market-quotes API
    EXCHANGE_RATES_BCRA_URL: optional(z.url()),
    EXCHANGE_RATES_QUOTES_URL: optional(z.url()),
    EXCHANGE_RATES_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 3_000),
    INVOICES_ISSUE_AT_ONCE: optional(booleanFlag),
    ALADINA_MODEL_URL: optional(z.url()),
    ALADINA_MODEL_NAME: optional(z.string().trim().min(1).max(200)),
    ALADINA_MODEL_KEY: optional(z.string().min(1)),
    ALADINA_MODEL_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 15_000),
    TRANSFER_PAYMENT_URL: withDefault(
      z.url().refine((v) => v.startsWith('https://'), 'debe ser una dirección https://'),
      'https://forms.example.com/alcancia/pago-por-transferencia',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.MERCADOPAGO_ACCESS_TOKEN) {
      for (const name of ['MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'es obligatoria con MERCADOPAGO_ACCESS_TOKEN',
          });
        }
      }
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas',
      });
    }
    if (env.WHATSAPP_ACCESS_TOKEN) {
      for (const name of [
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'es obligatoria con WHATSAPP_ACCESS_TOKEN' });
        }
      }
    }
    if (env.HOSTED_CHECKOUT_URL && !env.HOSTED_CHECKOUT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOSTED_CHECKOUT_SECRET'],
        message: 'es obligatoria con HOSTED_CHECKOUT_URL',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'es obligatoria en producción' });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'es obligatoria en producción' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'es obligatoria en producción' });
    }
    if (env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1) {
      if (!env.DATABASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message:
            'más de un proceso necesita DATABASE_URL: la base embebida (PGlite) es de un solo proceso; quitá WEB_CONCURRENCY o usá 1',
        });
      }
      // The in-app Mercado Pago emulator, hosted-checkout stand-in and OIDC mock keep their state
      // (payments, checkouts, signing keys) in one process's memory: with several processes a
      // payment or login begun on one fails on another. They must run apart, as one service
      // (e2e/topology/sandbox-service.ts), like the real providers.
      const inAppStandIns =
        env.NODE_ENV !== 'production' &&
        (!env.MERCADOPAGO_ACCESS_TOKEN ||
          !env.HOSTED_CHECKOUT_URL ||
          !(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) ||
          !(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET));
      if (inAppStandIns) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message:
            'más de un proceso fuera de producción necesita los simuladores aparte (MERCADOPAGO_ACCESS_TOKEN con MERCADOPAGO_BASE_URL, HOSTED_CHECKOUT_URL, GOOGLE_* y FACEBOOK_*; los imprime e2e/topology/sandbox-service.ts): los integrados guardan su estado en un solo proceso',
        });
      }
    }
    if (Boolean(env.ARCA_CERT_PATH) !== Boolean(env.ARCA_KEY_PATH)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ARCA_CERT_PATH ? 'ARCA_KEY_PATH' : 'ARCA_CERT_PATH'],
        message: 'ARCA_CERT_PATH y ARCA_KEY_PATH van juntas',
      });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'es obligatoria con STORAGE_DRIVER=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas',
      });
    }
  });

export type Env = z.input<typeof envSchema>;

/**
 * Outside production without an access token the API plays Mercado Pago itself (the sandbox
 * emulator on its own origin), so `npm start` takes card payments on a bare machine. Production
 * without credentials runs with payments switched off (the payment endpoints answer 503).
 */
function mercadoPagoConfig(env: z.output<typeof envSchema>, publicUrl: string, dataDir: string) {
  const isProduction = env.NODE_ENV === 'production';
  const notificationUrl = `${publicUrl}/api/payments/webhooks/mercadopago`;
  const common = {
    notificationUrl,
    maxRetries: env.MERCADOPAGO_MAX_RETRIES,
    timeoutMs: env.MERCADOPAGO_TIMEOUT_MS,
  };
  if (env.MERCADOPAGO_ACCESS_TOKEN) {
    const baseUrl = env.MERCADOPAGO_BASE_URL.replace(/\/$/, '');
    const realApi = baseUrl === mercadoPagoApiUrl;
    return {
      ...common,
      mode: 'provider' as const,
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
      publicKey: env.MERCADOPAGO_PUBLIC_KEY ?? '',
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET ?? '',
      baseUrl,
      // An emulator at MERCADOPAGO_BASE_URL serves its own browser stand-in.
      sdkUrl: env.MERCADOPAGO_SDK_URL ?? (realApi ? mercadoPagoSdkUrl : `${baseUrl}/js/v2`),
      emulatorStateFile: null,
    };
  }
  if (isProduction) {
    return {
      ...common,
      mode: 'disabled' as const,
      accessToken: '',
      publicKey: '',
      webhookSecret: '',
      baseUrl: mercadoPagoApiUrl,
      sdkUrl: mercadoPagoSdkUrl,
      emulatorStateFile: null,
    };
  }
  return {
    ...common,
    mode: 'emulator' as const,
    // Fixed, fake credentials: the emulator accepts exactly these.
    accessToken: 'TEST-alcancia-emulator-access-token',
    publicKey: 'TEST-alcancia-emulator-public-key',
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET ?? 'alcancia-emulator-webhook-secret',
    baseUrl: `${publicUrl}${mercadoPagoEmulatorPrefix}`,
    sdkUrl: env.MERCADOPAGO_SDK_URL ?? `${mercadoPagoEmulatorPrefix}/js/v2`,
    // Tests keep the emulator's state in memory: parallel test files must not share a file.
    emulatorStateFile: env.NODE_ENV === 'test' ? null : path.join(dataDir, 'mercadopago.json'),
  };
}

/**
 * The redirect provider (programs whose checkout_provider is HOSTED). HOSTED_CHECKOUT_URL points
 * the adapter at the provider; outside production without it the API mounts the sandbox stand-in
 * on its own origin. Production without it takes no redirect payments (the link answers 503).
 */
function hostedCheckoutConfig(env: z.output<typeof envSchema>, publicUrl: string) {
  const notificationUrl = `${publicUrl}/api/payments/webhooks/hosted-checkout`;
  if (env.HOSTED_CHECKOUT_URL) {
    return {
      mode: 'provider' as const,
      baseUrl: env.HOSTED_CHECKOUT_URL.replace(/\/$/, ''),
      secret: env.HOSTED_CHECKOUT_SECRET ?? '',
      notificationUrl,
    };
  }
  if (env.NODE_ENV === 'production') {
    return { mode: 'disabled' as const, baseUrl: '', secret: '', notificationUrl };
  }
  return {
    mode: 'stand-in' as const,
    baseUrl: `${publicUrl}${hostedCheckoutStandInPrefix}`,
    secret: env.HOSTED_CHECKOUT_SECRET ?? hostedCheckoutStandInSecret,
    notificationUrl,
  };
}

/** Where the API mounts the exchange-rate sources' stand-in outside production (issue 43). */
export const exchangeRatesStandInPrefix = '/sandbox/cotizaciones';

/**
 * Exchange rates (issue 43): production asks the BCRA's public statistics API and DolarApi (or the
 * hosts EXCHANGE_RATES_*_URL name); elsewhere, unless they are named, the stand-in mounted on the
 * API's own origin answers the same shapes.
 */
function exchangeRatesConfig(env: z.output<typeof envSchema>, publicUrl: string) {
  const standIn =
    env.NODE_ENV !== 'production' && !env.EXCHANGE_RATES_BCRA_URL && !env.EXCHANGE_RATES_QUOTES_URL;
  const base = `${publicUrl}${exchangeRatesStandInPrefix}`;
  return {
    mode: standIn ? ('stand-in' as const) : ('live' as const),
    bcraUrl: (env.EXCHANGE_RATES_BCRA_URL ?? (standIn ? `${base}/bcra` : 'https://api.bcra.gob.ar')).replace(
      /\/$/,
      '',
    ),
    quotesUrl: (
      env.EXCHANGE_RATES_QUOTES_URL ?? (standIn ? `${base}/dolarapi` : 'https://dolarapi.com')
    ).replace(/\/$/, ''),
    timeoutMs: env.EXCHANGE_RATES_TIMEOUT_MS,
  };
}

/**
 * Reminders (issue 44). Push: VAPID keys from VAPID_*; outside production without them the reminders
 * module generates a pair at start (never logged), production without them sends no push. WhatsApp:
 * the Cloud API with WHATSAPP_ACCESS_TOKEN (WHATSAPP_API_URL may point at any server that speaks it,
 * the sandbox's stand-in included); outside production without a token the API mounts the stand-in
 * on its own origin; production without one sends no WhatsApp.
 */
function remindersConfig(env: z.output<typeof envSchema>, publicUrl: string) {
  const isProduction = env.NODE_ENV === 'production';
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.BUSINESS_EMAIL}`;
  const push =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? {
          mode: 'configured' as const,
          publicKey: env.VAPID_PUBLIC_KEY,
          privateKey: env.VAPID_PRIVATE_KEY,
          subject,
        }
      : {
          mode: isProduction ? ('disabled' as const) : ('generated' as const),
          publicKey: '',
          privateKey: '',
          subject,
        };
  const common = { version: env.WHATSAPP_API_VERSION, webhookPath: '/api/reminders/whatsapp/webhook' };
  const whatsapp = env.WHATSAPP_ACCESS_TOKEN
    ? {
        ...common,
        mode: 'provider' as const,
        baseUrl: env.WHATSAPP_API_URL.replace(/\/$/, ''),
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
        accessToken: env.WHATSAPP_ACCESS_TOKEN,
        appSecret: env.WHATSAPP_APP_SECRET ?? '',
        verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? '',
      }
    : isProduction
      ? {
          ...common,
          mode: 'disabled' as const,
          baseUrl: '',
          phoneNumberId: '',
          accessToken: '',
          appSecret: '',
          verifyToken: '',
        }
      : {
          ...common,
          mode: 'stand-in' as const,
          baseUrl: `${publicUrl}${whatsAppStandInPrefix}`,
          ...whatsAppStandIn,
        };
  return { push, whatsapp };
}

/**
 * Electronic invoicing (issue 28). With ARCA_CERT_PATH and ARCA_KEY_PATH the API talks to ARCA
 * (homologation unless ARCA_ENVIRONMENT=produccion; ARCA_WSAA_URL / ARCA_WSFE_URL override).
 * Outside production without them it mounts the sandbox stand-in on its own origin, which hands
 * it a test certificate; several processes cannot share that in-memory stand-in, so they issue
 * nothing (documents wait). Production without a certificate issues nothing either: documents
 * wait PENDING until it is configured.
 */
function invoicingConfig(
  env: z.output<typeof envSchema>,
  publicUrl: string,
  dataDir: string,
  webConcurrency: number,
) {
  const common = {
    cuit: env.ARCA_CUIT ?? env.BUSINESS_CUIT.replace(/-/g, ''),
    pointOfSale: env.ARCA_POINT_OF_SALE,
    ivaCondition: env.ARCA_IVA_CONDITION,
    timeoutMs: env.ARCA_TIMEOUT_MS,
    // API tests run the issuer themselves (the browser tests turn it on); elsewhere an approval
    // issues at once and a job sweeps.
    issueAtOnce: env.INVOICES_ISSUE_AT_ONCE ?? env.NODE_ENV !== 'test',
  };
  if (env.ARCA_CERT_PATH && env.ARCA_KEY_PATH) {
    const endpoints = arcaEndpoints[env.ARCA_ENVIRONMENT];
    return {
      ...common,
      mode: 'arca' as const,
      environment: env.ARCA_ENVIRONMENT,
      certPath: path.resolve(env.ARCA_CERT_PATH),
      keyPath: path.resolve(env.ARCA_KEY_PATH),
      wsaaUrl: env.ARCA_WSAA_URL ?? endpoints.wsaa,
      wsfeUrl: env.ARCA_WSFE_URL ?? endpoints.wsfe,
      standInStateFile: null,
    };
  }
  const standIn = env.NODE_ENV !== 'production' && webConcurrency === 1;
  return {
    ...common,
    mode: standIn ? ('stand-in' as const) : ('disabled' as const),
    environment: 'homologacion' as const,
    certPath: null,
    keyPath: null,
    wsaaUrl: `${publicUrl}${arcaStandInPrefix}/ws/services/LoginCms`,
    wsfeUrl: `${publicUrl}${arcaStandInPrefix}/wsfev1/service.asmx`,
    standInStateFile: env.NODE_ENV === 'test' || !standIn ? null : path.join(dataDir, 'arca.json'),
  };
}

/**
 * Aladina's language model (issue 42): any OpenAI-compatible chat API at ALADINA_MODEL_URL (its
 * base, …/v1) with ALADINA_MODEL_NAME and ALADINA_MODEL_KEY; outside production without it, the
 * sandbox stand-in mounted on the API's own origin. Production without it answers with the
 * passages and their citations only.
 */
function aladinaConfig(env: z.output<typeof envSchema>, publicUrl: string) {
  const timeoutMs = env.ALADINA_MODEL_TIMEOUT_MS;
  if (env.ALADINA_MODEL_URL) {
    return {
      mode: 'provider' as const,
      baseUrl: env.ALADINA_MODEL_URL.replace(/\/$/, ''),
      model: env.ALADINA_MODEL_NAME ?? 'gpt-4o-mini',
      apiKey: env.ALADINA_MODEL_KEY ?? '',
      timeoutMs,
    };
  }
  if (env.NODE_ENV === 'production') {
    return { mode: 'disabled' as const, baseUrl: '', model: '', apiKey: '', timeoutMs };
  }
  return {
    mode: 'stand-in' as const,
    baseUrl: `${publicUrl}${languageModelStandInPrefix}/v1`,
    model: env.ALADINA_MODEL_NAME ?? 'alcancia-stand-in',
    apiKey: languageModelStandInKey,
    timeoutMs,
  };
}

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  /** Development stand-ins (mail capture, /api/dev, /dev/correo) exist only outside production. */
  devToolsEnabled: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * WEB_CONCURRENCY: API processes this start runs (node:cluster when more than one). Default: one
   * per CPU in production, 1 elsewhere; always 1 on the embedded database (one process's files).
   */
  webConcurrency: number;
  /** Why fewer processes run than the default asks for (production on PGlite): logged at start. */
  webConcurrencyNote: string | null;
  logLevel: string;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): none by default, or their
   * addresses and ranges. Trusting every hop would let a client pick its own address.
   */
  trustProxy: false | string[];
  bodyLimitBytes: number;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemoData: boolean;
  webDistDir: string | undefined;
  auth: {
    /** HS256 secret; outside production a generated one is kept in DATA_DIR when unset */
    jwtSecret: string | undefined;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
  };
  /**
   * Extra CSP origins an operator allows: frames (the embedded community, a chat vendor) and
   * scripts (a chat vendor's widget, also allowed to connect).
   */
  csp: { frameOrigins: string[]; scriptOrigins: string[] };
  redisUrl: string | undefined;
  /** bearer token of GET /metrics; unset = no metrics route (404) */
  metricsToken: string | undefined;
  /**
   * API_DOCS_ENABLED: the OpenAPI document and its browsable page at /api/docs. Default: on
   * outside production, off in production (a map of every route is an attacker's first read).
   */
  apiDocs: boolean;
  rateLimitEnabled: boolean;
  /** credential and code requests of one client address per 15 minutes, all routes together */
  rateLimitAddressMax: number;
  /**
   * calls to the academy home's seven endpoints one account makes per minute, alone or as parts of
   * GET /users/me/academy-home (each part counts: decision 0264)
   */
  rateLimitAcademyHomeMax: number;
  /**
   * Social providers. Unset client ids outside production mean "use the local OIDC mock".
   * In production an unset provider is simply disabled.
   */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  facebook: {
    clientId: string;
    clientSecret: string;
    authorizationUrl: string;
    tokenUrl: string;
    meUrl: string;
  } | null;
  /** Downloadable materials: local disk with HMAC-signed URLs, or an S3-compatible bucket. */
  storage: {
    driver: 'local' | 's3';
    /** local driver: the folder file keys resolve in */
    filesDir: string;
    /** local driver: HMAC key of signed URLs; derived from the JWT secret when unset */
    urlSecret: string | undefined;
    /** s3 driver; credentials fall back to the SDK's default chain when unset */
    s3: {
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    } | null;
  };
  /**
   * The ffmpeg program that packages uploaded videos as HLS (FFMPEG_PATH, else `ffmpeg` on the
   * PATH). When it does not run, nothing is packaged and the MP4 is served.
   */
  ffmpegPath: string;
  /** Card payments: Mercado Pago, its in-app emulator, or nothing (production without credentials). */
  mercadoPago: {
    mode: 'provider' | 'emulator' | 'disabled';
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    /** the REST API the SDK talks to */
    baseUrl: string;
    /** MercadoPago.js v2 for the browser: the real one, or the emulator's stand-in */
    sdkUrl: string;
    /** our webhook, given to Mercado Pago with every payment */
    notificationUrl: string;
    maxRetries: number;
    /** how long one SDK call (each of its retries) waits for an answer */
    timeoutMs: number;
    /** emulator mode: where its state survives restarts (null = memory) */
    emulatorStateFile: string | null;
  };
  /** The redirect provider of programs: a real hosted checkout, the sandbox stand-in, or nothing. */
  hostedCheckout: {
    mode: 'provider' | 'stand-in' | 'disabled';
    /** the provider's server API (and pay pages) */
    baseUrl: string;
    /** shared secret: authenticates our calls and signs its webhooks */
    secret: string;
    /** our webhook, given to the provider with every checkout */
    notificationUrl: string;
  };
  /** Who sells: printed on every receipt ("comprobante"). */
  business: { name: string; cuit: string; address: string; email: string };
  /** Electronic invoices and credit notes through ARCA, its stand-in, or nothing (issue 28). */
  invoicing: {
    mode: 'arca' | 'stand-in' | 'disabled';
    environment: 'homologacion' | 'produccion';
    /** the issuer's CUIT, 11 digits */
    cuit: string;
    pointOfSale: number;
    /** monotributo: Factura C / NC C; responsable_inscripto: Factura B / NC B (IVA contenido) */
    ivaCondition: 'monotributo' | 'responsable_inscripto';
    certPath: string | null;
    keyPath: string | null;
    wsaaUrl: string;
    wsfeUrl: string;
    timeoutMs: number;
    /** issue right after an approval or refund (else only the job and tests run the issuer) */
    issueAtOnce: boolean;
    /** stand-in: where its state survives restarts (null = memory) */
    standInStateFile: string | null;
  };
  /** Mis Cuentas' exchange-rate sources (issue 43): the real hosts, or the stand-in on our origin. */
  exchangeRates: { mode: 'live' | 'stand-in'; bcraUrl: string; quotesUrl: string; timeoutMs: number };
  /** Reminders with consent (issue 44): Web Push keys and the WhatsApp Cloud API (or its stand-in). */
  reminders: {
    push: {
      /** configured: VAPID_*; generated: a pair made at start (outside production); disabled: no push */
      mode: 'configured' | 'generated' | 'disabled';
      publicKey: string;
      privateKey: string;
      /** mailto: or https: contact given to push services */
      subject: string;
    };
    whatsapp: {
      mode: 'provider' | 'stand-in' | 'disabled';
      /** the Graph API's origin (or the stand-in's); messages go to {baseUrl}/{version}/{phoneNumberId}/messages */
      baseUrl: string;
      version: string;
      phoneNumberId: string;
      accessToken: string;
      /** signs the webhooks (X-Hub-Signature-256) */
      appSecret: string;
      /** answers Meta's webhook verification (hub.verify_token) */
      verifyToken: string;
      /** our webhook's path on PUBLIC_URL */
      webhookPath: string;
    };
  };
  /** Aladina's language model: a hosted OpenAI-compatible API, the sandbox stand-in, or none. */
  aladina: {
    mode: 'provider' | 'stand-in' | 'disabled';
    /** the API's base URL (…/v1) */
    baseUrl: string;
    model: string;
    /** bearer key: never logged */
    apiKey: string;
    /** how long an answer may take before she gets the passages alone */
    timeoutMs: number;
  };
  /** Program checkout facts the web cannot decide. */
  programs: {
    /** the bank-transfer link ('Pagá en cuotas sin interés'): one program, Argentine users */
    transferPayment: { programId: string; url: string };
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings whose values are secrets, or URLs that may carry a password: never echoed. */
function isSecretSetting(name: string): boolean {
  return /SECRET|TOKEN|PASSWORD|KEY|_URL$/.test(name) && !/^(PUBLIC_URL|MERCADOPAGO_PUBLIC_KEY)$/.test(name);
}

function parseTrustProxy(value: string | undefined): false | string[] {
  if (!value || value === 'false') return false;
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

/**
 * WEB_CONCURRENCY when set (more than one needs DATABASE_URL: checked above); otherwise one process
 * per CPU in production and one elsewhere. Production on the embedded database runs one process and
 * says why, rather than refusing a start that worked before WEB_CONCURRENCY existed.
 */
function processCount(
  env: z.output<typeof envSchema>,
  isProduction: boolean,
): { webConcurrency: number; webConcurrencyNote: string | null } {
  if (env.WEB_CONCURRENCY !== undefined)
    return { webConcurrency: env.WEB_CONCURRENCY, webConcurrencyNote: null };
  const cpus = isProduction ? os.availableParallelism() : 1;
  if (cpus > 1 && !env.DATABASE_URL) {
    return {
      webConcurrency: 1,
      webConcurrencyNote: `un solo proceso en lugar de ${cpus} (uno por CPU): la base embebida (PGlite) es de un solo proceso; con DATABASE_URL se usan todos`,
    };
  }
  return { webConcurrency: cpus, webConcurrencyNote: null };
}

/** Parses the environment once, at boot. Fails with every bad variable listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(entorno)';
        const received = isSecretSetting(name) ? '(oculto)' : JSON.stringify(source[name] ?? null);
        return `${name}: ${issue.message} (valor recibido: ${received})`;
      }),
    );
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === 'production';
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the
  // command, so `npm start` and `npm run db:migrate` from the root share one ./.data.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const { webConcurrency, webConcurrencyNote } = processCount(env, isProduction);
  return {
    env: env.NODE_ENV,
    isProduction,
    devToolsEnabled: !isProduction,
    port: env.PORT,
    host,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    webConcurrency,
    webConcurrencyNote,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    seedDemoData: env.SEED_DEMO_DATA,
    webDistDir: env.WEB_DIST_DIR,
    auth: {
      jwtSecret: env.JWT_SECRET,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    },
    csp: { frameOrigins: env.CSP_FRAME_ORIGINS ?? [], scriptOrigins: env.CSP_SCRIPT_ORIGINS ?? [] },
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    apiDocs: env.API_DOCS_ENABLED ?? !isProduction,
    rateLimitEnabled: env.RATE_LIMIT_ENABLED,
    rateLimitAcademyHomeMax: env.RATE_LIMIT_ACADEMY_HOME_MAX,
    rateLimitAddressMax: env.RATE_LIMIT_ADDRESS_MAX,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : null,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: env.FACEBOOK_CLIENT_ID,
            clientSecret: env.FACEBOOK_CLIENT_SECRET,
            authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL,
            tokenUrl: env.FACEBOOK_TOKEN_URL,
            meUrl: env.FACEBOOK_ME_URL,
          }
        : null,
    storage: {
      driver: env.STORAGE_DRIVER,
      filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : path.join(apiRoot, 'media/files'),
      urlSecret: env.FILE_URL_SECRET,
      s3:
        env.STORAGE_DRIVER === 's3' && env.S3_BUCKET
          ? {
              bucket: env.S3_BUCKET,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            }
          : null,
    },
    ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg',
    mercadoPago: mercadoPagoConfig(env, publicUrl, dataDir),
    hostedCheckout: hostedCheckoutConfig(env, publicUrl),
    invoicing: invoicingConfig(env, publicUrl, dataDir, webConcurrency),
    reminders: remindersConfig(env, publicUrl),
    exchangeRates: exchangeRatesConfig(env, publicUrl),
    business: {
      name: env.BUSINESS_NAME,
      cuit: env.BUSINESS_CUIT,
      address: env.BUSINESS_ADDRESS,
      email: env.BUSINESS_EMAIL,
    },
    aladina: aladinaConfig(env, publicUrl),
    programs: {
      transferPayment: { programId: env.TRANSFER_PAYMENT_PROGRAM_ID, url: env.TRANSFER_PAYMENT_URL },
    },
  };
}
