import { expect, test } from '@playwright/test';
import { describeScan, scanText } from '../log-scan';
import { newVisa } from './support/cards';

/** A card of the kind the tests make for themselves (a trial is once per card). */
const madeCard = newVisa();

/*
 * The scanner that global-teardown.ts runs on the server's log after every browser run, checked
 * on a fixture: it finds each kind of secret, says where without repeating it, and stays quiet on
 * the lines a clean log is made of. No browser needed.
 */

const clean = [
  '{"level":30,"time":1764000000000,"pid":1234,"hostname":"ci","reqId":"0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d","req":{"method":"POST","url":"/api/users/login","host":"127.0.0.1:3100","remoteAddress":"127.0.0.1","remotePort":51234},"msg":"incoming request"}',
  '{"level":30,"reqId":"0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d","res":{"statusCode":200},"responseTime":12.5,"msg":"request completed"}',
  '{"level":30,"reqId":"x","req":{"method":"GET","url":"/api/academy/courses/programa-inversora-inteligente-modulo-1"},"msg":"incoming request"}',
  // the access log's one line per request (apps/api/src/lib/logging.ts)
  '{"level":30,"time":1764000000000,"pid":1234,"hostname":"ci","reqId":"0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d","method":"GET","route":"/api/academy/:courseId","status":200,"durationMs":1.84,"userId":"6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","msg":"request completed"}',
  '{"level":30,"internalCode":"INVALID_DATA","status":400,"msg":"request refused"}',
  '{"level":50,"err":{"code":"FST_ERR_CTP_INVALID_CONTENT_LENGTH","statusCode":400},"msg":"bad body"}',
  '{"level":30,"body":{"password":"[oculto]","refreshToken":"[oculto]","token":"[oculto]"},"msg":"redacted"}',
  '{"level":30,"promoCodeId":"5f0c6a0e-1b2c-4d3e-8f90-a1b2c3d4e5f6","subscriptionEndDate":"2026-12-24","msg":"free period granted by promo code"}',
  '{"level":30,"orderId":"9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d","amount":123456,"msg":"refund done"}',
  '{"level":40,"msg":"slow query took 123456 µs"}',
  // sixteen digits shaped like a made card, but not Luhn-valid: an id, not a card
  '{"level":30,"paymentId":"4123456789013704","msg":"synced"}',
];

const dirty: Array<[string, string]> = [
  ['test password', '{"level":30,"body":{"email":"ana@example.com","password":"Alcancia2026"},"msg":"x"}'],
  ['test password', 'new password NuevaClave2026 saved'],
  [
    'JWT',
    '{"level":40,"authorization":"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlX3Rlc3Rfb25seQ"}',
  ],
  ['refresh token', '{"level":30,"refresh_token":"notredacted-but-long-enough-value"}'],
  ['refresh token', 'rotating session Xq3_vK9aPz-L2mWn8RtY4bHc6dJf0gQs1uVe5wAxZoI for user'],
  ['verification code', 'GET /validate?email=ana%40example.com&validationCode=042917'],
  ['verification code', '{"level":30,"body":{"email":"ana@example.com","code":"318204"}}'],
  ['verification code', 'link /academy?email=a%40b.c&verification_code=pV7xK2mQ9rT4wY8zB3nC6dF1gH5jL0sA'],
  ['test card number', '{"card_number":"5031755734530604"}'],
  ['test card number', 'card 4509 9535 6623 3704 typed'],
  ['test card number', `{"card_number":"${madeCard.replace(/ /g, '')}"}`],
  ['test card number', `typed ${madeCard} at checkout`],
  ['card security code', '{"security_code":"123","expiration_month":11}'],
  ['card security code', 'cvv=1234'],
  ['TOTP secret', '{"level":30,"secret":"ALCANCIADEMOTOTPALCANCIADEMOTOTP"}'],
  ['recovery code', '{"level":40,"body":{"code":"ABCDE-FGHJK"},"msg":"x"}'],
];

test('a clean log has no findings', () => {
  expect(scanText(clean.join('\n'))).toEqual({ findings: [], lines: clean.length });
});

test('each kind of secret is found, on its line', () => {
  const text = [...clean, ...dirty.map(([, line]) => line)].join('\n');
  const { findings, lines } = scanText(text);
  expect(lines).toBe(clean.length + dirty.length);
  const expected = dirty.map(([kind], index) => ({ kind, line: clean.length + index + 1 }));
  for (const finding of expected) expect(findings).toContainEqual(finding);
  // no finding on a clean line
  expect(findings.filter((finding) => finding.line <= clean.length)).toEqual([]);
});

test('the report names kinds and lines, never the secret', () => {
  const text = dirty.map(([, line]) => line).join('\n');
  const result = { ...scanText(text), bytes: Buffer.byteLength(text) };
  const report = describeScan('server.log', result);
  expect(report).toContain(`${result.findings.length} secrets found`);
  expect(report).toContain('test password at line 1');
  for (const secret of ['Alcancia2026', 'eyJhbGci', '042917', '318204', '5031755734530604', '3704', 'cvv=']) {
    expect(report).not.toContain(secret);
  }
});
