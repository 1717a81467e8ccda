import { pfmDefaultCategories } from '@alcancia/contract/pfm';

/** Lower case, without accents: "Café" and "CAFE" match the same rule. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export interface CategoryRule {
  contains: string;
  category: string;
}

/**
 * The category her rules give a description: the first rule (oldest first) whose text the
 * description contains, ignoring case and accents; "Otros" when none does.
 */
export function categoryFor(description: string, rules: readonly CategoryRule[]): string {
  const folded = foldText(description);
  return rules.find((rule) => folded.includes(foldText(rule.contains)))?.category ?? 'Otros';
}

/** The categories she can choose: the defaults, then the ones she wrote, without repeats. */
export function categoryChoices(used: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const category of [...pfmDefaultCategories, ...used]) {
    const key = foldText(category);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(category);
  }
  return out;
}
