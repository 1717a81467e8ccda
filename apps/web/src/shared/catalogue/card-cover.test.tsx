import type { Cover } from '@alcancia/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Thumbnail } from './course-card';

const cover: Cover = {
  src: '/covers/ahorro-960.c3c3c3c3.webp',
  width: 960,
  height: 540,
  srcset: [
    { src: '/covers/ahorro-320.a1a1a1a1.webp', width: 320 },
    { src: '/covers/ahorro-640.b2b2b2b2.webp', width: 640 },
    { src: '/covers/ahorro-960.c3c3c3c3.webp', width: 960 },
  ],
};

describe('a card image', () => {
  it('shows the cover in every width it comes in, sized so nothing shifts, decorative, lazy', () => {
    const html = renderToStaticMarkup(<Thumbnail src="/media/thumbnails/ahorro.webp" cover={cover} />);
    expect(html).toContain('src="/covers/ahorro-960.c3c3c3c3.webp"');
    expect(html).toContain(
      'srcSet="/covers/ahorro-320.a1a1a1a1.webp 320w, /covers/ahorro-640.b2b2b2b2.webp 640w, /covers/ahorro-960.c3c3c3c3.webp 960w"',
    );
    expect(html).toMatch(/sizes="[^"]*100vw"/);
    expect(html).toContain('width="960"');
    expect(html).toContain('height="540"');
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).not.toContain('thumbnails');
  });

  it('loads a first-row cover at once, with a high priority', () => {
    const html = renderToStaticMarkup(<Thumbnail src={null} cover={cover} priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('falls back to the thumbnail, then to a drawn pattern without any text', () => {
    const thumbnail = renderToStaticMarkup(<Thumbnail src="/media/thumbnails/ahorro.webp" cover={null} />);
    expect(thumbnail).toContain('src="/media/thumbnails/ahorro.webp"');
    expect(thumbnail).toContain('width="320"');
    const neither = renderToStaticMarkup(<Thumbnail src={null} cover={null} />);
    expect(neither).toBe('<div class="card-media card-media-fallback"></div>');
  });

  it('writes one file without srcset for a cover that serves every size (an SVG)', () => {
    const svg = { src: '/covers/ahorro.svg', width: 640, height: 360, srcset: [] };
    const html = renderToStaticMarkup(<Thumbnail src={null} cover={svg} />);
    expect(html).toContain('src="/covers/ahorro.svg"');
    expect(html).not.toContain('srcSet');
    expect(html).not.toContain('sizes');
  });
});
