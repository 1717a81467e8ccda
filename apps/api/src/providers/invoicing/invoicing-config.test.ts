import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const base = { NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'http://127.0.0.1:3000' };
const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25' };

describe('invoicing configuration', () => {
  it('plays ARCA with the stand-in outside production, from the business CUIT, monotributo by default', () => {
    const { invoicing } = loadConfig(base);
    expect(invoicing).toMatchObject({
      mode: 'stand-in',
      cuit: '30712345678',
      pointOfSale: 1,
      ivaCondition: 'monotributo',
      wsaaUrl: 'http://127.0.0.1:3000/sandbox/arca/ws/services/LoginCms',
      wsfeUrl: 'http://127.0.0.1:3000/sandbox/arca/wsfev1/service.asmx',
      issueAtOnce: true,
    });
    expect(invoicing.standInStateFile).toMatch(/arca\.json$/);
  });

  it('talks to ARCA homologation or production with a certificate, and issues nothing in production without one', () => {
    const certificate = { ARCA_CERT_PATH: '/secrets/arca.crt', ARCA_KEY_PATH: '/secrets/arca.key' };
    expect(loadConfig({ ...production, ...certificate }).invoicing).toMatchObject({
      mode: 'arca',
      environment: 'homologacion',
      wsaaUrl: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
      wsfeUrl: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
      certPath: '/secrets/arca.crt',
    });
    expect(
      loadConfig({
        ...production,
        ...certificate,
        ARCA_ENVIRONMENT: 'produccion',
        ARCA_CUIT: '20123456786',
        ARCA_POINT_OF_SALE: '7',
        ARCA_IVA_CONDITION: 'responsable_inscripto',
      }).invoicing,
    ).toMatchObject({
      mode: 'arca',
      wsaaUrl: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
      wsfeUrl: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
      cuit: '20123456786',
      pointOfSale: 7,
      ivaCondition: 'responsable_inscripto',
    });
    expect(loadConfig(production).invoicing.mode).toBe('disabled');
  });

  it('refuses a certificate without its key, a CUIT with dashes and an unknown condition', () => {
    expect(() => loadConfig({ ...base, ARCA_CERT_PATH: '/secrets/arca.crt' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ARCA_CUIT: '30-71234567-8' })).toThrow(/ARCA_CUIT/);
    expect(() => loadConfig({ ...base, ARCA_IVA_CONDITION: 'exento' })).toThrow(/ARCA_IVA_CONDITION/);
  });
});
