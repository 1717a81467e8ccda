/** The little XML S3 speaks: escaped text, a document with the S3 namespace, and reading simple request bodies. */

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function unescapeXml(value: string): string {
  return value
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A value tree: `{ Key: 'a' }`, arrays for repeated elements, `undefined` dropped. */
export type XmlValue = string | number | boolean | undefined | XmlNode | XmlNode[];
export interface XmlNode {
  [name: string]: XmlValue;
}

function render(name: string, value: XmlValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => render(name, item)).join('');
  if (typeof value === 'object') {
    const inner = Object.entries(value)
      .map(([child, v]) => render(child, v))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** `<?xml…?><Root xmlns="http://s3.amazonaws.com/doc/2006-03-01/">…</Root>` */
export function xmlDocument(root: string, body: XmlNode, namespaced = true): string {
  const inner = Object.entries(body)
    .map(([name, value]) => render(name, value))
    .join('');
  const ns = namespaced ? ' xmlns="http://s3.amazonaws.com/doc/2006-03-01/"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}${ns}>${inner}</${root}>`;
}

/** The inner texts of every `<name>` element of an element's XML (no nesting of the same name). */
export function elements(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** The unescaped text of the first `<name>` element, or undefined. */
export function text(xml: string, name: string): string | undefined {
  const [first] = elements(xml, name);
  return first === undefined ? undefined : unescapeXml(first.trim());
}
