import type { ReactNode } from 'react';

interface CardProps {
  children?: ReactNode;
  /** a picture on top (an <img> with width and height), edge to edge */
  media?: ReactNode;
  /** a picture that frames itself (its own box, a badge over it), drawn as given before the body */
  cover?: ReactNode;
  /** a short line above the title (the kind of thing: "Programa", "Pack") */
  kicker?: ReactNode;
  /** the card's heading, an h3 unless `titleLevel` says otherwise */
  title?: ReactNode;
  titleLevel?: 2 | 3 | 4;
  /** actions at the bottom (buttons, links) */
  footer?: ReactNode;
  /** lifts on hover and shows the focus ring around the whole card (a card with one link) */
  interactive?: boolean;
  /** more room inside, for a card that holds a form or a long text */
  padded?: boolean;
  /** the element: a list item in a grid of cards, an article, a section (a card with nothing in it is a placeholder surface) */
  as?: 'div' | 'li' | 'article' | 'section';
  className?: string;
  'aria-labelledby'?: string;
}

/** A surface that groups one thing: a course, a plan, a form. */
export function Card({
  children,
  media,
  cover,
  kicker,
  title,
  titleLevel = 3,
  footer,
  interactive = false,
  padded = false,
  as: Element = 'div',
  className,
  ...aria
}: CardProps) {
  const Heading = `h${titleLevel}` as const;
  const classes = [
    'card',
    interactive ? 'card-interactive' : '',
    padded ? 'card-padded' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Element className={classes} {...aria}>
      {media && <div className="card-media">{media}</div>}
      {cover}
      {(kicker || title || children || footer) && (
        <div className="card-body">
          {kicker}
          {title && <Heading className="card-title">{title}</Heading>}
          {children}
          {footer && <div className="card-footer">{footer}</div>}
        </div>
      )}
    </Element>
  );
}
