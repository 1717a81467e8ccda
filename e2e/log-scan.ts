import { readFileSync, statSync } from 'node:fs';
import { password } from './tests/support/accounts';
import { demoTotpSecret } from './tests/support/operators';

/**
 * Secrets that must never reach the server's log: what the browser tests type and receive
 * (passwords, tokens, mailed codes, card data). A finding names its kind and line, never the
 * text, so the scan's own output leaks nothing.
 */

/** Every password the demo data and the browser tests use (accounts.ts, auth and account specs). */
export const testPasswords = [password, 'NuevaClave2026', 'NuevaClave2027'];

/** The emulator's test cards (README), with or without the spaces and dashes people type. */
const testCards = ['5031755734530604', '4509953566233704'];

/** The card-number checksum (ISO/IEC 7812): a random 16-digit number passes it once in ten. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cardPattern = (digits: string) => digits.split('').join('[ -]?');

/** `key=value`, `"key":"value"`, `key: 'value'` — how a value sits in a query, a form or JSON. */
const keyed = (key: string, value: string) =>
  new RegExp(`(?:${key})["']?\\s*[:=]\\s*["']?(?:${value})(?![\\w-])`, 'i');

/** The same, every occurrence, with the value as group 1. */
const keyedAll = (key: string, value: string) =>
  new RegExp(`(?:${key})["']?\\s*[:=]\\s*["']?(${value})(?![\\w-])`, 'gi');

const mixedCase = (token: string) => /[A-Z]/.test(token) && /[a-z]/.test(token);

interface Rule {
  kind: string;
  test: (line: string) => boolean;
}

const rules: Rule[] = [
  ...testPasswords.map((secret) => {
    const pattern = new RegExp(escapeRegExp(secret));
    return { kind: 'test password', test: (line: string) => pattern.test(line) };
  }),
  { kind: 'JWT', test: (line) => /eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(line) },
  {
    // sessions.ts: randomBytes(32).toString('base64url'), 43 characters. Slugs of that length
    // exist too (lower case, digits, dashes), so a bare one counts only when it mixes upper and
    // lower case, as a random one does (it misses with a chance of about 1 in 10^9); any value
    // under a refresh token key counts.
    kind: 'refresh token',
    test: (line) =>
      keyed('refresh_?token', '[A-Za-z0-9_-]{20,}').test(line) ||
      [...line.matchAll(/(?<![\w-])[A-Za-z0-9_-]{43}(?![\w-])/g)].some(([token]) => mixedCase(token)),
  },
  {
    // verification-codes.ts: 6 digits, or 24 random bytes in base64url (32 characters, with lower
    // case, unlike error codes such as FST_ERR_…) for a login link; mails carry them as
    // validationCode=, verification_code=, code=. Only under a key that names a code: six digits
    // alone are too common in a log (times, sizes, ids).
    kind: 'verification code',
    test: (line) =>
      [...line.matchAll(keyedAll('[\\w-]*code', '\\d{6}|[A-Za-z0-9_-]{32}'))].some(
        ([, value = '']) => /^\d{6}$/.test(value) || /[a-z]/.test(value),
      ),
  },
  ...testCards.map((digits) => {
    const pattern = new RegExp(`(?<!\\d)${cardPattern(digits)}(?!\\d)`);
    return { kind: 'test card number', test: (line: string) => pattern.test(line) };
  }),
  {
    // the cards the tests make of their own (tests/support/cards.ts newVisa: a trial is once per
    // card): 4, eleven digits, 3704, Luhn-valid, as typed or not
    kind: 'test card number',
    test: (line) =>
      [...line.matchAll(/(?<!\d)4(?:[ -]?\d){11}[ -]?3[ -]?7[ -]?0[ -]?4(?!\d)/g)].some(([card]) =>
        luhnValid(card.replace(/\D/g, '')),
      ),
  },
  { kind: 'card security code', test: (line) => keyed('security_?code|cvv|cvc', '\\d{3,4}').test(line) },
  // operators' second factor (issue 18): the demo TOTP secret and recovery codes (XXXXX-XXXXX)
  { kind: 'TOTP secret', test: (line) => line.includes(demoTotpSecret) },
  {
    kind: 'recovery code',
    test: (line) => /(?<![\w-])[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}(?![\w-])/.test(line),
  },
];

export interface Finding {
  kind: string;
  line: number;
}

/** The findings in a log's text: one per rule and line. */
export function scanText(text: string): { findings: Finding[]; lines: number } {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const findings: Finding[] = [];
  lines.forEach((line, index) => {
    for (const rule of rules) if (rule.test(line)) findings.push({ kind: rule.kind, line: index + 1 });
  });
  return { findings, lines: lines.length };
}

/** Scans a log file; a missing file is an error (the capture broke), not a clean log. */
export function scanFile(file: string): { findings: Finding[]; lines: number; bytes: number } {
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch {
    throw new Error(`log scan: no server log at ${file}: the webServer's log capture broke`);
  }
  return { ...scanText(readFileSync(file, 'utf8')), bytes };
}

/** The report lines: what was scanned and each finding's kind and line, never the secret. */
export function describeScan(
  file: string,
  result: { findings: Finding[]; lines: number; bytes: number },
): string {
  const head = `log scan: ${file}: ${result.bytes} bytes, ${result.lines} lines, ${result.findings.length} secrets found`;
  return [head, ...result.findings.map((finding) => `  ${finding.kind} at line ${finding.line}`)].join('\n');
}
