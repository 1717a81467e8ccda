import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Voseo everywhere she reads (issue 20): the web's texts, the API's messages (they reach her) and
 * the contract's validation messages say "Ingresá", "Intentá nuevamente", never the usted or tú
 * forms. The only exceptions are the texts the product specs fix word for word.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const roots = ['apps/web/src', 'apps/api/src', 'packages/contract/src'];

/** usted and tú forms a user could read (capitalized or after a comma), as whole words. */
const forbidden =
  /\b(Ingrese|Intente|Seleccione|Elija|Verifique|Revise|Presione|Haga clic|Escriba|Comuníquese|Inicie sesión|Vuelva a|Ingresa (?!a\b)|Intenta (?!de\b)|Elige|Selecciona |Verifica (?!el|la|que|si)|Revisa |Presiona|Haz clic|Escribe |Puedes|puedes|Debes|debes|Tienes|tienes|revise|intente|ingrese|Complet[ae] (?:los|las|el|la|tu|su|sus|todos)\b)/;

/** Texts the specs fix verbatim (accounts §5, §8; purchases §5, §8): kept as the spec wrote them. */
const specTexts = [
  'Los datos no son válidos. Intenta nuevamente.',
  'Los datos son incorrectos. Intenta nuevamente.',
  'Primero debes validar tu email.',
  'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
  'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
  '¡Tu cuenta ya fue validada! Ingresa nuevamente a la app y comenzá a empoderar tus finanzas.',
  'Completa todos los datos',
  'Ingrese el código',
  'Hubo un error al procesar tu solicitud. Por favor, intenta nuevamente.',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    if (!/\.(ts|tsx)$/.test(name) || /\.(test|spec|stories)\.tsx?$/.test(name)) return [];
    return [full];
  });
}

/** Lines a user could read: not comments (code comments are English anyway). */
const isComment = (line: string) => /^\s*(\/\/|\/?\*)/.test(line);

function usted(text: string): string | null {
  let rest = text;
  for (const fixed of specTexts) rest = rest.split(fixed).join('');
  return forbidden.exec(rest)?.[0] ?? null;
}

describe('voseo', () => {
  it('tells usted and tú forms from voseo', () => {
    expect(usted("'Ingrese su correo'")).toBe('Ingrese');
    expect(usted("'Intente de nuevo más tarde'")).toBe('Intente');
    expect(usted("'Ingresa tu contraseña'")).toBe('Ingresa ');
    expect(usted("'Si quieres, puedes volver'")).toBe('puedes');
    expect(usted("'Ingresá tu correo. Intentá nuevamente. Elegí un plan. Completá los datos.'")).toBeNull();
    expect(usted("message: 'Ingrese el código'")).toBeNull();
  });

  it('is used by every text of the web, the API and the contract', () => {
    const found: string[] = [];
    for (const root of roots) {
      for (const file of sourceFiles(path.join(repo, root))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (isComment(line)) return;
            const form = usted(line);
            if (form)
              found.push(`${path.relative(repo, file)}:${index + 1} «${form.trim()}»: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
