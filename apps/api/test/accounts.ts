import type { Credentials } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';

export const goodPassword = 'Secreta123';

let counter = 0;
export const uniqueEmail = (prefix = 'ana') =>
  `${prefix}.${process.pid}.${Date.now()}.${++counter}@example.com`;

export async function register(
  app: FastifyInstance,
  overrides: Partial<{
    name: string;
    email: string;
    password: string;
    country: string;
    telephone: string;
  }> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: {
      name: 'Ana Pérez',
      email: uniqueEmail(),
      password: goodPassword,
      country: 'AR',
      telephone: '11 2345 6789',
      ...overrides,
    },
  });
}

export async function login(app: FastifyInstance, email: string, password = goodPassword) {
  return app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
}

/** Registers a fresh account and logs in; returns its e-mail and credentials. */
export async function newSession(app: FastifyInstance): Promise<{ email: string; credentials: Credentials }> {
  const email = uniqueEmail();
  const reg = await register(app, { email });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const res = await login(app, email);
  return { email, credentials: res.json() };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files that came with it, their bytes in base64. */
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/** The mails to `to`, newest first, through the dev mailbox endpoint (real SMTP capture). */
export async function mailsTo(app: FastifyInstance, to: string): Promise<Mail[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}

/** The newest mail to `to`. */
export async function latestMail(app: FastifyInstance, to: string): Promise<Mail | undefined> {
  return (await mailsTo(app, to))[0];
}

/** The validationCode of the newest mail with a code link (a purchase's confirmation has none). */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  for (const mail of await mailsTo(app, to)) {
    const match = /validationCode=([\w-]+)/.exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no code mailed to ${to}`);
}

export const bearer = (credentials: Credentials) => ({ authorization: `Bearer ${credentials.accessToken}` });
