import type { AladinaCitation } from '@alcancia/contract/aladina';
import { Link } from 'react-router';

/**
 * An answer's text as paragraphs, each "[n]" a link to its cited moment (the viewer at that
 * second, or the material), named for screen readers by the citation's label.
 */
export function AnswerText({ text, citations }: { text: string; citations: AladinaCitation[] }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one answer, in order, never reordered
        <p key={i}>
          {paragraph.split(/(\[\d+\])/).map((part, j) => {
            const n = /^\[(\d+)\]$/.exec(part)?.[1];
            const citation = n ? citations.find((c) => c.n === Number(n)) : undefined;
            if (!citation) return part;
            return (
              <Link
                key={`${citation.n}-${j.toString()}`}
                to={citation.href}
                className="aladina-cite"
                aria-label={`Fuente: ${citation.label}`}
              >
                [{citation.n}]
              </Link>
            );
          })}
        </p>
      ))}
    </>
  );
}
