import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults on a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      devToolsEnabled: true,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('lists every bad variable by name', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('"abc"');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('names the trusted proxies, and never echoes a secret it refuses', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    const problems = (() => {
      try {
        loadConfig({
          JWT_SECRET: 'short-secret-value',
          REDIS_URL: 'http://user:pw@host',
          TRUST_PROXY: 'a b',
        });
      } catch (e) {
        return (e as ConfigError).problems.join('\n');
      }
      return '';
    })();
    expect(problems).toContain('JWT_SECRET');
    expect(problems).not.toContain('short-secret-value');
    expect(problems).not.toContain('user:pw');
    expect(problems).toContain('TRUST_PROXY');
    expect(problems).toContain('"a b"');
  });

  it('runs one process outside production and one per CPU in production, on PostgreSQL only', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://alcancia.example.com',
    };
    const server = 'postgres://alcancia@db.example.com/alcancia';
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: server }).webConcurrency).toBe(1);
    expect(loadConfig({ ...production, DATABASE_URL: server }).webConcurrency).toBe(
      os.availableParallelism(),
    );
    const outsideStandIns = {
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-token',
      MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
      MERCADOPAGO_WEBHOOK_SECRET: 'a-webhook-secret-0123456789',
      MERCADOPAGO_BASE_URL: 'http://127.0.0.1:4000/sandbox/mercadopago',
      HOSTED_CHECKOUT_URL: 'http://127.0.0.1:4000/sandbox/hosted-checkout',
      HOSTED_CHECKOUT_SECRET: 'a-hosted-checkout-secret-0123',
      GOOGLE_CLIENT_ID: 'alcancia-dev',
      GOOGLE_CLIENT_SECRET: 'dev-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:4001',
      FACEBOOK_CLIENT_ID: 'alcancia-dev',
      FACEBOOK_CLIENT_SECRET: 'dev-secret',
    };
    expect(
      loadConfig({ ...outsideStandIns, WEB_CONCURRENCY: ' 3 ', DATABASE_URL: server }).webConcurrency,
    ).toBe(3);
    // The in-app stand-ins (payments, social login) keep their state in one process.
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: server })).toThrow(
      /WEB_CONCURRENCY: más de un proceso fuera de producción necesita los simuladores aparte/,
    );
    const { GOOGLE_CLIENT_ID: _, ...withoutGoogle } = outsideStandIns;
    expect(() => loadConfig({ ...withoutGoogle, WEB_CONCURRENCY: '2', DATABASE_URL: server })).toThrow(
      /WEB_CONCURRENCY: más de un proceso fuera de producción necesita los simuladores aparte/,
    );
    expect(loadConfig({ ...production, WEB_CONCURRENCY: '1', DATABASE_URL: server }).webConcurrency).toBe(1);
    // The embedded database is one process's files: production's default falls back to one, and says so.
    const embedded = loadConfig(production);
    expect(embedded.webConcurrency).toBe(1);
    expect(embedded.webConcurrencyNote === null).toBe(os.availableParallelism() === 1);
    for (const [value, message] of [
      ['2', /WEB_CONCURRENCY: más de un proceso necesita DATABASE_URL/],
      ['0', /WEB_CONCURRENCY: debe ser 1 o más/],
      ['dos', /WEB_CONCURRENCY: debe ser un número entero de procesos/],
      ['1.5', /WEB_CONCURRENCY: debe ser un número entero de procesos/],
    ] as const) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(message);
    }
  });

  it('requires real mail and a public URL in production, and turns dev tools off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL[\s\S]*JWT_SECRET[\s\S]*PUBLIC_URL/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://alcancia.example.com/',
    });
    expect(config.devToolsEnabled).toBe(false);
    // No proxy is trusted unless named: a client could otherwise choose its own address.
    expect(config.trustProxy).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('https://alcancia.example.com');
  });
});
