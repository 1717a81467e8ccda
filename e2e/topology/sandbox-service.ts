import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  hostedCheckoutStandIn,
  mercadoPagoEmulator,
  type S3StandIn,
  startOidcMock,
  startS3StandIn,
} from '@alcancia/sandbox';
import Fastify from 'fastify';

/**
 * The outside world as one service, for more than one API process outside production: the
 * Mercado Pago emulator and the hosted-checkout stand-in (each keeps its state in its own memory,
 * so inside every API process each would hold a different state) and the OpenID Connect mock.
 * Like the real providers, there is one of each, whichever process calls it. The proxy in front
 * of the API sends `/sandbox/*` here, so browsers still find them on the app's origin.
 * The files live in the S3 stand-in's bucket (STORAGE_DRIVER=s3), as a deployment's hosts share
 * no disk: an upload that one process receives is read, served and packaged by the other.
 */

/** The shipped course materials, put into the bucket as compose.yaml's minio-init mirrors them. */
function mirrorShippedFiles(s3: S3StandIn): number {
  const root = path.resolve(import.meta.dirname, '../../apps/api/media/files');
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const entry of files) {
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    s3.store.put(s3.bucket, key, readFileSync(file), { contentType: 'binary/octet-stream', metadata: {} });
  }
  return files.length;
}

/** Fixed test credentials, shared by the stand-ins and the API processes. */
const credentials = {
  accessToken: 'TEST-alcancia-sandbox-access-token',
  publicKey: 'TEST-alcancia-sandbox-public-key',
  webhookSecret: 'alcancia-sandbox-webhook-secret',
  hostedCheckoutSecret: 'alcancia-sandbox-hosted-checkout-secret',
  oidcClientId: 'alcancia-dev',
  oidcClientSecret: 'dev-secret',
};

export interface SandboxService {
  /** http://127.0.0.1:<port>: the emulator under /sandbox/mercadopago, the stand-in under /sandbox/hosted-checkout */
  url: string;
  /** What each API process needs in its environment to use these stand-ins. */
  apiEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * @param publicUrl the app's public origin (the proxy): where browsers reach `/sandbox/*` and
 *   where the stand-ins send their webhooks.
 */
export async function startSandboxService({
  publicUrl,
  port = 0,
}: {
  publicUrl: string;
  port?: number;
}): Promise<SandboxService> {
  const app = Fastify({ logger: false });
  await app.register(mercadoPagoEmulator, {
    prefix: '/sandbox/mercadopago',
    accessToken: credentials.accessToken,
    publicKey: credentials.publicKey,
    webhookSecret: credentials.webhookSecret,
    publicBaseUrl: `${publicUrl}/sandbox/mercadopago`,
    // subscriptions carry no notification_url: Mercado Pago notifies the panel's URL
    notificationUrl: `${publicUrl}/api/payments/webhooks/mercadopago`,
  });
  await app.register(hostedCheckoutStandIn, {
    prefix: '/sandbox/hosted-checkout',
    secret: credentials.hostedCheckoutSecret,
    publicBaseUrl: `${publicUrl}/sandbox/hosted-checkout`,
  });
  await app.listen({ host: '127.0.0.1', port });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const oidc = await startOidcMock();
  const s3 = await startS3StandIn();
  mirrorShippedFiles(s3);

  const apiEnv = {
    // The API calls the providers directly, like it calls the real ones; browsers go through the proxy.
    MERCADOPAGO_ACCESS_TOKEN: credentials.accessToken,
    MERCADOPAGO_PUBLIC_KEY: credentials.publicKey,
    MERCADOPAGO_WEBHOOK_SECRET: credentials.webhookSecret,
    MERCADOPAGO_BASE_URL: `${url}/sandbox/mercadopago`,
    MERCADOPAGO_SDK_URL: `${publicUrl}/sandbox/mercadopago/js/v2`,
    HOSTED_CHECKOUT_URL: `${url}/sandbox/hosted-checkout`,
    HOSTED_CHECKOUT_SECRET: credentials.hostedCheckoutSecret,
    GOOGLE_CLIENT_ID: credentials.oidcClientId,
    GOOGLE_CLIENT_SECRET: credentials.oidcClientSecret,
    GOOGLE_ISSUER: oidc.issuer,
    FACEBOOK_CLIENT_ID: credentials.oidcClientId,
    FACEBOOK_CLIENT_SECRET: credentials.oidcClientSecret,
    FACEBOOK_AUTHORIZATION_URL: `${oidc.issuer}/authorize`,
    FACEBOOK_TOKEN_URL: `${oidc.issuer}/token`,
    FACEBOOK_ME_URL: `${oidc.issuer}/userinfo`,
    // Browsers fetch presigned material URLs from the stand-in directly, as they would from S3.
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    url,
    apiEnv,
    close: async () => {
      await oidc.close();
      await s3.close();
      await app.close();
    },
  };
}

// `node --import tsx e2e/topology/sandbox-service.ts <public url>` runs it alone and prints the
// API's variables, e.g. to try WEB_CONCURRENCY=2 outside production behind a proxy.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const publicUrl = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
  const service = await startSandboxService({ publicUrl, port: Number(process.env.SANDBOX_PORT ?? 0) });
  for (const [name, value] of Object.entries(service.apiEnv)) process.stdout.write(`${name}=${value}\n`);
  process.stdout.write(`# stand-ins at ${service.url}: send ${publicUrl}/sandbox/* there\n`);
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
