import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { password } from './accounts';
import { readRunState, withRunLock, writeRunState } from './run-state';

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
 * Two workers may sign the same operator in at once (E2E_WORKERS=2): the last step used per e-mail
 * is the run's (run-state.ts), and a worker holds the run's lock for that operator from choosing a
 * step until the server has taken the code, so no code older than one already sent reaches the
 * server. It takes the oldest step still accepted (the previous one while the current step has
 * over 5 s left, the current one, then the next) and waits only when all three are spent. Waiting for the lock or for
 * a step is not the test being slow: the test's timeout grows by that much.
 */
async function submitFreshCode(email: string, submit: (code: string) => Promise<void>): Promise<void> {
  const grow = (ms: number) => test.info().setTimeout(test.info().timeout + ms);
  const name = `operator-totp-${email.replace(/[^a-z0-9]/gi, '-')}`;
  // the other worker's sign-in, with its own wait for a step at worst
  await withRunLock(
    name,
    async () => {
      for (;;) {
        const nowMs = Date.now();
        const now = Math.floor(nowMs / 30_000);
        const oldest = (now + 1) * 30_000 - nowMs > 5_000 ? now - 1 : now;
        const step = Math.max(oldest, readRunState(name, -1) + 1);
        if (step <= now + 1) {
          writeRunState(name, step);
          await submit(await generate({ secret: demoTotpSecret, epoch: step * 30 }));
          return;
        }
        const wait = (now + 1) * 30_000 - nowMs + 200;
        grow(wait);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
    () => grow(45_000),
  );
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
  await submitFreshCode(email, async (code) => {
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/admin/);
  });
}
