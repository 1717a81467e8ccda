import { type PostInline, parsePostBody } from '@alcancia/contract';
import { Fragment } from 'react';

function Inline({ parts }: { parts: PostInline[] }) {
  return (
    <>
      {parts.map((part, i) => {
        const key = `${i}-${part.type}`;
        switch (part.type) {
          case 'strong':
            return <strong key={key}>{part.text}</strong>;
          case 'em':
            return <em key={key}>{part.text}</em>;
          case 'link': {
            const external = part.href.startsWith('https://');
            return (
              <a
                key={key}
                href={part.href}
                {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
              >
                {part.text}
              </a>
            );
          }
          default:
            return <Fragment key={key}>{part.text}</Fragment>;
        }
      })}
    </>
  );
}

/**
 * A post's text (decision 0352): parsed into blocks by the contract and built as React elements,
 * never as HTML, so whatever the text holds is shown as text.
 */
export function PostBody({ body }: { body: string }) {
  return (
    <div className="news-post-body">
      {parsePostBody(body).map((block, i) => {
        const key = `${i}-${block.type}`;
        if (block.type === 'heading')
          return (
            <h4 key={key}>
              <Inline parts={block.content} />
            </h4>
          );
        if (block.type === 'list')
          return (
            <ul key={key}>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list's items have no id and never move
                <li key={j}>
                  <Inline parts={item} />
                </li>
              ))}
            </ul>
          );
        return (
          <p key={key}>
            <Inline parts={block.content} />
          </p>
        );
      })}
    </div>
  );
}
