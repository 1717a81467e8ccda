import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { password } from './accounts';

/**
 * The demo's operators (issue 18): the demo password and one TOTP secret, printed in the README
 * (apps/api/src/modules/admin/security/demo-operators.ts).
 */
export const demoOperators = {
  admin: 'admin@alcancia.local',
  editor: 'editora@alcancia.local',
  support: 'soporte@alcancia.local',
} as const;
export const demoTotpSecret = 'ALCANCIADEMOTOTPALCANCIADEMOTOTP';

/**
 * Each code is accepted once per operator (replay protection: a step at most once, and never one
 * older than the last used), and the server accepts one step of clock drift either way (RFC 6238).
 * Tests run one at a time in one process: remember the last step used per e-mail and take the
 * oldest step still accepted — the previous one while the current step has over 5 s left, the
 * current one, then the next — and wait only when all three are spent.
 */
const lastStep = new Map<string, number>();

async function freshCode(email: string): Promise<string> {
  for (;;) {
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 30_000);
    const oldest = (now + 1) * 30_000 - nowMs > 5_000 ? now - 1 : now;
    const step = Math.max(oldest, (lastStep.get(email) ?? -1) + 1);
    if (step <= now + 1) {
      lastStep.set(email, step);
      return generate({ secret: demoTotpSecret, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - nowMs + 200));
  }
}

/**
 * Signs a demo operator in through the login form: password, then the code of her authenticator
 * app (computed here from the README's secret). Ends on /admin. `atSecondStep` runs while the
 * code is asked for (an axe check, a screenshot).
 */
export async function signInAsOperator(
  page: Page,
  role: keyof typeof demoOperators,
  atSecondStep?: () => Promise<void>,
): Promise<void> {
  const email = demoOperators[role];
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await atSecondStep?.();
  await page.getByLabel('Código de verificación').fill(await freshCode(email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/admin/);
}
