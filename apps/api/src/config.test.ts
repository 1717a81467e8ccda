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
