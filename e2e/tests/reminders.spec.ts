import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';

/*
 * Mi cuenta › Recordatorios (issue 44), at a phone's width and a desktop's: she chooses WhatsApp,
 * confirms her number with the code the WhatsApp stand-in received (read from the sandbox's control
 * API, as her phone would show it), picks days, hour and quiet hours, accepts the consent text,
 * saves, then stops. Her consent history shows both.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

/** The last confirmation code the stand-in sent to this number (the in-app stand-in, /sandbox/whatsapp). */
async function codeSentTo(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/sandbox/whatsapp/_control/messages?to=${phone.replace(/\D/g, '')}`);
        const { messages } = (await res.json()) as {
          messages: { template: string | null; parameters: string[] }[];
        };
        code =
          messages.filter((m) => m.template === 'alcancia_codigo_verificacion').at(-1)?.parameters[0] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

for (const width of [375, 1440]) {
  test(`at ${width} px she turns on WhatsApp reminders with a confirmed number, then stops them`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    const { credentials } = await newCustomer(request, `recordatorios-${width}`);
    // a number of her own for this run: +549 11 and 8 digits
    const phone = `+54911${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await signIn(page, credentials);
    await page.goto('/mi-cuenta');
    await page
      .getByRole('navigation', { name: 'Secciones de Mi cuenta' })
      .getByRole('link', { name: 'Recordatorios' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Recordatorios' })).toBeVisible(slow);
    await expect(page.getByText('No tenés recordatorios activos.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('radio', { name: 'WhatsApp' }).check();
    // a number from elsewhere is refused, in Spanish
    await page.getByLabel('Tu celular para WhatsApp').fill('+598 91 234 567');
    await page.getByRole('button', { name: 'Enviarme el código por WhatsApp' }).click();
    await expect(page.getByText(/Ingresá un celular de Argentina/)).toBeVisible();

    await page.getByLabel('Tu celular para WhatsApp').fill(phone);
    await page.getByRole('button', { name: 'Enviarme el código por WhatsApp' }).click();
    const code = await codeSentTo(request, phone);
    await page.getByLabel('Código que recibiste por WhatsApp').fill(code);
    await page.getByRole('button', { name: 'Confirmar número' }).click();
    await expect(page.getByText(`Número confirmado: ${phone}`)).toBeVisible(slow);

    // days: Monday, Wednesday and Friday are preset; she adds Saturday and drops Wednesday
    await page.getByRole('checkbox', { name: 'sábado' }).check();
    await page.getByRole('checkbox', { name: 'miércoles' }).uncheck();
    await page.getByLabel('¿A qué hora? (hora de Argentina)').selectOption('9');
    await page.getByRole('checkbox', { name: 'No me escriban en estas horas' }).check();
    await page.getByLabel('Desde', { exact: true }).selectOption('22');
    await page.getByLabel('Hasta', { exact: true }).selectOption('7');

    // without accepting the text, nothing is turned on
    await page.getByRole('button', { name: 'Guardar recordatorios' }).click();
    await expect(page.getByText(/tenés que aceptar el texto de consentimiento/)).toBeVisible();
    await expect(page.getByText('No tenés recordatorios activos.')).toBeVisible();

    await page
      .getByRole('checkbox', { name: /Acepto que Alcancía Educación Financiera me envíe por WhatsApp/ })
      .check();
    await page.getByRole('button', { name: 'Guardar recordatorios' }).click();
    await expect(page.getByText('Listo: vas a recibir recordatorios por whatsapp.')).toBeVisible(slow);
    await expect(
      page.getByText('Recordatorios activos por whatsapp: lunes, viernes, sábado a las 09:00.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tus consentimientos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.reload();
    await expect(
      page.getByText('Recordatorios activos por whatsapp: lunes, viernes, sábado a las 09:00.'),
    ).toBeVisible(slow);

    await page.getByRole('button', { name: 'Dejar de recibir recordatorios' }).click();
    await expect(page.getByText('Listo: no vas a recibir más recordatorios.')).toBeVisible(slow);
    await expect(page.getByText('No tenés recordatorios activos.')).toBeVisible();
    await expect(page.getByText('Desactivó los recordatorios desde Mi cuenta.')).toBeVisible();
  });
}
