/**
 * Content-Disposition with a Spanish file name: browsers that read RFC 6266/5987 get
 * `filename*=UTF-8''Presupuesto%20mensual.pdf` with every accent; older clients get the ASCII
 * fallback (`Presupuesto mensual.pdf`, accents stripped).
 */

/** Removes what no file system or header accepts; keeps letters of any language. */
export function safeFileName(name: string, fallback = 'archivo'): string {
  const cleaned = name
    .normalize('NFC')
    // "Guía: tu presupuesto" reads better as "Guía - tu presupuesto" than with the colon dropped.
    .replace(/\s*:\s*/g, ' - ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s.]+/, '')
    .slice(0, 150)
    .trim();
  return cleaned || fallback;
}

/** ASCII-only version: accents dropped, anything else non-ASCII or header-unsafe replaced. */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
}

/** RFC 5987 value-chars: percent-encode everything outside attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const name = safeFileName(fileName);
  return `${type}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
