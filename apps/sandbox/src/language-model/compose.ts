/**
 * How the stand-in writes an answer, deterministically, from what the prompt gives it: the question
 * between <pregunta> tags and the numbered passages between <pasaje n="…"> tags (Aladina's prompt,
 * apps/api/src/modules/aladina/prompt.ts). For each passage, in order, it keeps the sentence that
 * shares most words with the question and cites it as [n]. Passages are data: nothing written
 * inside them is obeyed, whatever it says.
 */
export interface PromptParts {
  question: string;
  passages: { n: number; text: string }[];
}

export function readPrompt(content: string): PromptParts {
  const question = /<pregunta>([\s\S]*?)<\/pregunta>/.exec(content)?.[1]?.trim() ?? '';
  const passages: { n: number; text: string }[] = [];
  for (const match of content.matchAll(/<pasaje n="(\d+)"[^>]*>([\s\S]*?)<\/pasaje>/g)) {
    passages.push({ n: Number(match[1]), text: (match[2] ?? '').replace(/\s+/g, ' ').trim() });
  }
  return { question, passages };
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Spanish words too common to tell sentences apart. */
const stopwords = new Set(
  'como cual cuales cuando donde para pero porque que quien sobre esta este esto estos estas tiene tienen hace hacer puedo puede entre desde hasta tambien cada muy mas menos todo toda todos todas una uno unos unas los las del con por sin sus son ser hay'.split(
    ' ',
  ),
);

/** The question's words, as five-letter stems (a light stemmer: "inversiones" meets "inversión"). */
export function questionStems(question: string): string[] {
  return [
    ...new Set(
      fold(question)
        .split(/[^a-z0-9ñ]+/)
        .filter((word) => word.length >= 4 && !stopwords.has(word))
        .map((word) => word.slice(0, 5)),
    ),
  ];
}

export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?¿¡]*[.!?]+|[^.!?]+$/g) ?? [text]).map((s) => s.trim()).filter((s) => s.length > 0);
}

/** The sentence of `text` sharing most stems with the question (the first on a tie). */
export function bestSentence(text: string, stems: string[]): string {
  let best = '';
  let bestScore = -1;
  for (const sentence of sentencesOf(text)) {
    const words = new Set(
      fold(sentence)
        .split(/[^a-z0-9ñ]+/)
        .map((word) => word.slice(0, 5)),
    );
    const score = stems.filter((stem) => words.has(stem)).length;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best;
}

/** The answer: an opening line, then one cited sentence per passage (at most three). */
export function composeAnswer({ question, passages }: PromptParts): string {
  if (passages.length === 0) return 'No encontré ese tema en los pasajes de las clases.';
  const stems = questionStems(question);
  const lines = passages.slice(0, 3).map(({ n, text }) => {
    const sentence = bestSentence(text, stems).replace(/[.!?]+$/, '');
    return `${sentence} [${n}].`;
  });
  return ['Esto es lo que enseñan las clases:', ...lines].join('\n\n');
}
