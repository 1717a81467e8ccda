import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SkeletonCards } from './skeleton-cards';

describe('SkeletonCards', () => {
  it('hides its shapes from assistive technology and says once, visually hidden, what is loading', () => {
    const html = renderToStaticMarkup(<SkeletonCards count={3} gridClassName="card-grid" />);
    expect(html.match(/role="status"/g)).toHaveLength(1);
    expect(html).toContain('<p role="status" class="visually-hidden">Cargando cursos…</p>');
    expect(html).toContain('<ul class="card-grid" aria-hidden="true">');
    expect(html.match(/class="card skeleton-card"/g)).toHaveLength(3);
    // a card's parts: the 16:9 cover box of real cards, then the lines of its body
    expect(html).toContain('<div class="card-media skeleton-shape"></div>');
  });
});
