import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { operatorWindow } from './support/panel';

/*
 * Issue 29: a section's title typed while its video uploads stays as typed (the upload's end once
 * wrote the file's name over it, about 3 s later), and what she typed is never replaced by a
 * default: with no title, nothing is named after the file.
 */
const video = readFileSync(new URL('../../apps/api/media/videos/bienvenida.mp4', import.meta.url));

test('the title typed during an upload is the one saved, not the file name', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = `e2e-titulo-${Date.now().toString(36)}`;
  const { page, leave } = await operatorWindow(browser, 'editor', { width: 1280, height: 720 });
  await page.getByRole('navigation').getByRole('link', { name: 'Contenidos' }).click();
  const form = page.getByRole('form', { name: 'Nuevo contenido' });
  await form.getByLabel('Nombre', { exact: true }).fill('Curso de títulos');
  await form.getByLabel('Identificador (en la dirección)').fill(id);
  await form.getByRole('button', { name: 'Crear (sin publicar)' }).click();
  await expect(page).toHaveURL(`/admin/contenidos/${id}`);
  await page.getByLabel('Nombre del módulo nuevo').fill('Ahorro');
  await page.getByLabel('Nombre del módulo nuevo').press('Enter');
  await expect(page.getByRole('heading', { name: 'Módulo 1: Ahorro' })).toBeVisible();

  const section = page.getByRole('form', { name: 'Agregar una sección al módulo Ahorro' });
  await section
    .getByLabel('Video (MP4)')
    .setInputFiles({ name: 'clase-ahorro.mp4', mimeType: 'video/mp4', buffer: video });
  // she types while the upload runs
  await section.getByLabel('Nombre de la sección').fill('Mi título elegido');
  await expect(section.getByText('Archivo listo: clase-ahorro.mp4 (0:20)')).toBeVisible();
  await expect(section.getByLabel('Nombre de la sección')).toHaveValue('Mi título elegido');
  await section.getByRole('button', { name: 'Agregar sección' }).click();
  await expect(page.getByText('Sección agregada.')).toBeVisible();
  await expect(page.locator('.content-section', { hasText: 'Mi título elegido' })).toBeVisible();
  await expect(page.locator('.content-section', { hasText: 'clase-ahorro' })).toHaveCount(0);

  // an upload with no title typed leaves the title empty: nothing is named after the file
  await section
    .getByLabel('Video (MP4)')
    .setInputFiles({ name: 'bienvenida.mp4', mimeType: 'video/mp4', buffer: video });
  await expect(section.getByText('Archivo listo: bienvenida.mp4 (0:20)')).toBeVisible();
  await expect(section.getByLabel('Nombre de la sección')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await leave();
});
