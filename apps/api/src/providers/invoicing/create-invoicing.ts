import { readFile } from 'node:fs/promises';
import type { ArcaControl } from '@alcancia/sandbox';
import type { FastifyInstance } from 'fastify';
import { arcaStandInPrefix, type Config } from '../../config';
import { loadSandbox } from '../sandbox';
import { ArcaClient, type TicketStore } from './arca-client';
import type { FiscalAuthority } from './fiscal-authority';

declare module 'fastify' {
  interface FastifyInstance {
    /** ARCA (or its stand-in); null when invoicing is not configured */
    fiscalAuthority: FiscalAuthority | null;
    /** the in-app ARCA stand-in's controls (development and tests), else null */
    arcaStandIn: ArcaControl | null;
  }
}

/**
 * The configured fiscal authority: ARCA with the certificate and key read from disk, or the
 * in-app stand-in with the test certificate it hands over, or nothing (production without a
 * certificate, several processes without a shared stand-in).
 */
export function createFiscalAuthority(
  app: FastifyInstance,
  config: Config,
  tickets: TicketStore,
): FiscalAuthority | null {
  const settings = config.invoicing;
  if (settings.mode === 'disabled') return null;
  const credentials =
    settings.mode === 'arca'
      ? async () => ({
          certPem: await readFile(settings.certPath as string, 'utf8'),
          keyPem: await readFile(settings.keyPath as string, 'utf8'),
        })
      : async () => {
          if (!app.arcaStandIn) throw new Error('the ARCA stand-in is not mounted');
          return app.arcaStandIn.credentials();
        };
  return new ArcaClient({
    cuit: settings.cuit,
    wsaaUrl: settings.wsaaUrl,
    wsfeUrl: settings.wsfeUrl,
    credentials,
    tickets,
    timeoutMs: () => settings.timeoutMs,
    // ARCA's hosts still use Diffie-Hellman parameters OpenSSL 3 refuses at its default level.
    ...(settings.mode === 'arca' ? { ciphers: 'DEFAULT@SECLEVEL=1' } : {}),
  });
}

/**
 * Outside production without a certificate the app plays ARCA on its own origin, like it plays
 * Mercado Pago: WSAA at `/sandbox/arca/ws/services/LoginCms`, WSFEv1 at
 * `/sandbox/arca/wsfev1/service.asmx`, state kept in DATA_DIR/arca.json.
 */
export async function mountArcaStandIn(app: FastifyInstance, config: Config): Promise<void> {
  const settings = config.invoicing;
  if (settings.mode !== 'stand-in') return;
  const { arcaStandIn } = await loadSandbox(config);
  await app.register(arcaStandIn, {
    prefix: arcaStandInPrefix,
    cuit: settings.cuit,
    ...(settings.standInStateFile ? { stateFile: settings.standInStateFile } : {}),
    onControl: (control) => {
      app.arcaStandIn = control;
    },
  });
}
