import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';
import { spanishDate } from '../../lib/spanish-format';

export interface CertificateContent {
  id: string;
  learnerName: string;
  courseName: string;
  /** YYYY-MM-DD */
  completedOn: string;
  /** where a third party checks the id */
  verifyUrl: string;
}

export const certificateSize = { width: 1600, height: 1130 } as const;

const require = createRequire(import.meta.url);

/** Fonts come from @fontsource packages (OFL), latin and latin-ext, so accents and ñ always render. */
const fontFiles: Array<{ name: string; file: string; weight: Font['weight']; style: Font['style'] }> = [
  {
    name: 'Playfair Display',
    file: 'playfair-display/files/playfair-display-latin-700-normal.woff',
    weight: 700,
    style: 'normal',
  },
  {
    name: 'Playfair Display',
    file: 'playfair-display/files/playfair-display-latin-ext-700-normal.woff',
    weight: 700,
    style: 'normal',
  },
  {
    name: 'Playfair Display',
    file: 'playfair-display/files/playfair-display-latin-400-italic.woff',
    weight: 400,
    style: 'italic',
  },
  {
    name: 'Playfair Display',
    file: 'playfair-display/files/playfair-display-latin-ext-400-italic.woff',
    weight: 400,
    style: 'italic',
  },
  { name: 'Inter', file: 'inter/files/inter-latin-400-normal.woff', weight: 400, style: 'normal' },
  { name: 'Inter', file: 'inter/files/inter-latin-ext-400-normal.woff', weight: 400, style: 'normal' },
  { name: 'Inter', file: 'inter/files/inter-latin-600-normal.woff', weight: 600, style: 'normal' },
  { name: 'Inter', file: 'inter/files/inter-latin-ext-600-normal.woff', weight: 600, style: 'normal' },
];

let fonts: Promise<Font[]> | undefined;
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    fontFiles.map(async ({ file, ...font }) => ({
      ...font,
      data: await readFile(require.resolve(`@fontsource/${file}`)),
    })),
  );
  return fonts;
}

type Node = Parameters<typeof import('satori').default>[0];
type Style = Record<string, string | number>;
const el = (style: Style, ...children: Array<Node | string>): Node =>
  ({ type: 'div', props: { style: { display: 'flex', ...style }, children } }) as unknown as Node;

const green = '#1E5631';
const plum = '#5B2A86';
const gold = '#B8860B';
const ink = '#2B2B2B';
const muted = '#6B6B6B';

/** Long names shrink instead of wrapping into the rest of the layout. */
const sizeFor = (text: string, base: number, fitsChars: number, min: number) =>
  text.length <= fitsChars ? base : Math.max(min, Math.floor((base * fitsChars) / text.length));

function layout(c: CertificateContent): Node {
  const { width, height } = certificateSize;
  const label = (text: string): Node =>
    el(
      { fontFamily: 'Inter', fontSize: 18, fontWeight: 600, letterSpacing: 3, color: muted },
      text.toUpperCase(),
    );
  const brand = el(
    { alignItems: 'center', gap: 18 },
    el(
      {
        width: 64,
        height: 64,
        borderRadius: 32,
        backgroundColor: gold,
        color: '#FFFDF8',
        alignItems: 'center',
        justifyContent: 'center',
        fontFamily: 'Playfair Display',
        fontWeight: 700,
        fontSize: 40,
      },
      'A',
    ),
    el(
      { flexDirection: 'column' },
      el({ fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 44, color: green }, 'Alcancía'),
      el(
        { fontFamily: 'Inter', fontSize: 16, letterSpacing: 2, color: muted },
        'ACADEMIA DE FINANZAS PARA MUJERES',
      ),
    ),
  );
  const body = el(
    { flexGrow: 1, flexDirection: 'column', alignItems: 'center', justifyContent: 'center' },
    el(
      { fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 60, color: ink },
      'Certificado de finalización',
    ),
    el({ marginTop: 36, fontFamily: 'Inter', fontSize: 26, color: muted }, 'Otorgado a'),
    el(
      {
        marginTop: 12,
        maxWidth: 1240,
        textAlign: 'center',
        fontFamily: 'Playfair Display',
        fontWeight: 700,
        fontSize: sizeFor(c.learnerName, 84, 24, 44),
        color: plum,
      },
      c.learnerName,
    ),
    el({ marginTop: 20, width: 420, height: 3, backgroundColor: gold }),
    el({ marginTop: 28, fontFamily: 'Inter', fontSize: 26, color: muted }, 'por haber completado el curso'),
    el(
      {
        marginTop: 12,
        maxWidth: 1240,
        textAlign: 'center',
        fontFamily: 'Playfair Display',
        fontStyle: 'italic',
        fontSize: sizeFor(c.courseName, 52, 40, 34),
        color: ink,
      },
      c.courseName,
    ),
  );
  const footer = el(
    { width: '100%', justifyContent: 'space-between', alignItems: 'flex-end' },
    el(
      { flexDirection: 'column', gap: 8 },
      label('Fecha de finalización'),
      el({ fontFamily: 'Inter', fontSize: 26, color: ink }, spanishDate(c.completedOn)),
    ),
    el(
      { flexDirection: 'column', alignItems: 'center', gap: 8 },
      el(
        { fontFamily: 'Playfair Display', fontStyle: 'italic', fontSize: 34, color: green },
        'Equipo Alcancía',
      ),
      el({ width: 280, height: 2, backgroundColor: ink }),
      label('Dirección académica'),
    ),
    el(
      { flexDirection: 'column', alignItems: 'flex-end', gap: 8 },
      label('Código del certificado'),
      el({ fontFamily: 'Inter', fontWeight: 600, fontSize: 26, color: ink, letterSpacing: 2 }, c.id),
    ),
  );
  // Fixed pixel boxes: a green frame, a gold rule inside it, then the content.
  return el(
    { width, height, backgroundColor: '#FBF6EE', alignItems: 'center', justifyContent: 'center' },
    el(
      {
        width: width - 64,
        height: height - 64,
        boxSizing: 'border-box',
        border: `4px solid ${green}`,
        backgroundColor: '#FFFDF8',
        alignItems: 'center',
        justifyContent: 'center',
      },
      el(
        {
          width: width - 64 - 8 - 24,
          height: height - 64 - 8 - 24,
          boxSizing: 'border-box',
          border: `2px solid ${gold}`,
          flexDirection: 'column',
          alignItems: 'center',
          padding: '40px 72px 28px',
        },
        brand,
        body,
        footer,
        el(
          { marginTop: 22, fontFamily: 'Inter', fontSize: 16, color: muted },
          `Verificalo en ${c.verifyUrl}`,
        ),
      ),
    ),
  );
}

/**
 * The certificate as a PNG. Text becomes vector paths in satori, so resvg needs no system font;
 * the same content always gives the same bytes.
 */
export async function renderCertificate(content: CertificateContent): Promise<Buffer> {
  // Loaded on first use: both take a noticeable time to import, and most boots render nothing.
  const [{ default: satori }, { renderAsync }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  const svg = await satori(layout(content), { ...certificateSize, fonts: await loadFonts() });
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: certificateSize.width } });
  return image.asPng();
}
