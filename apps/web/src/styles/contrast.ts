/**
 * WCAG 2.2 contrast between two sRGB colours, and the reading of the design tokens from
 * global.css. Used by tokens.test.ts (a colour change that breaks AA fails the unit suite).
 */

/** `#rgb` or `#rrggbb` to [r, g, b] in 0–255. */
export function parseHex(value: string): [number, number, number] {
  const hex = value.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${value}`);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio (1–21) of two hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(parseHex(a)), relativeLuminance(parseHex(b))].sort(
    (x, y) => y - x,
  );
  return ((light as number) + 0.05) / ((dark as number) + 0.05);
}

/** The custom properties declared in the first `:root { … }` block of a stylesheet. */
export function readRootTokens(css: string): Map<string, string> {
  const root = /:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const withoutComments = root.replace(/\/\*[\s\S]*?\*\//g, '');
  const tokens = new Map<string, string>();
  for (const match of withoutComments.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    tokens.set(match[1] as string, (match[2] as string).trim());
  }
  return tokens;
}

/** A token's value with `var(--other)` references followed (a colour token may alias another). */
export function resolveToken(tokens: Map<string, string>, name: string, seen: string[] = []): string {
  const value = tokens.get(name);
  if (value === undefined) throw new Error(`no token ${name}`);
  const alias = /^var\((--[\w-]+)\)$/.exec(value);
  if (!alias) return value;
  if (seen.includes(name)) throw new Error(`token cycle: ${[...seen, name].join(' → ')}`);
  return resolveToken(tokens, alias[1] as string, [...seen, name]);
}
