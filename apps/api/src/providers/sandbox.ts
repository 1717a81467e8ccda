/**
 * The local stand-ins of the outside world (apps/sandbox: SMTP capture, Mercado Pago emulator,
 * hosted checkout, OIDC mock), loaded by this one dynamic import and only outside production.
 * The production bundle never loads them: `build.mjs` bundles them apart (`dist/sandbox.js`) and
 * `@alcancia/sandbox` is a development dependency, absent from the production image.
 */
export type Sandbox = typeof import('@alcancia/sandbox');

export async function loadSandbox(config: { isProduction: boolean }): Promise<Sandbox> {
  if (config.isProduction) {
    throw new Error('The local stand-ins (@alcancia/sandbox) are never loaded in production');
  }
  return import('@alcancia/sandbox');
}
