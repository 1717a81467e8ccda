import type { NewsWeek } from '@alcancia/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { classPath, goalProblem, postLinkOf, streakText, weekProgress } from './news-rules';
import { PostBody } from './post-body';

const week = (over: Partial<NewsWeek>): NewsWeek => ({
  start: '2026-11-23',
  end: '2026-11-29',
  minutes: 0,
  classes: 0,
  goal: null,
  reached: false,
  streakWeeks: 0,
  ...over,
});

describe('Novedades rules', () => {
  it('one tap back into the player where she left: /academy/{course}/{class}', () => {
    expect(classPath('presupuesto mensual', 's-1')).toBe('/academy/presupuesto%20mensual/s-1');
    expect(postLinkOf({ kind: 'CLASS', courseId: 'c', sectionId: 's', label: 'x' })).toEqual({
      href: '/academy/c/s',
      text: 'Ir a la clase',
    });
    expect(postLinkOf({ kind: 'PROGRAM', courseId: 'p', sectionId: null, label: 'x' }).text).toBe(
      'Ver el programa',
    );
  });

  it('says her week against her goal and her streak in words', () => {
    expect(weekProgress(week({ minutes: 12, goal: { kind: 'MINUTES', target: 30 } }))).toEqual({
      text: '12 de 30 minutos',
      percent: 40,
    });
    expect(weekProgress(week({ classes: 5, goal: { kind: 'CLASSES', target: 3 } }))?.percent).toBe(100);
    expect(weekProgress(week({}))).toBeNull();
    expect(streakText(week({}))).toContain('Elegí tu meta');
    expect(streakText(week({ goal: { kind: 'CLASSES', target: 1 }, streakWeeks: 3 }))).toBe(
      '3 semanas seguidas cumpliendo tu meta',
    );
  });

  it('refuses a goal outside its range in Spanish before asking the API', () => {
    expect(goalProblem('MINUTES', '5')).toBe('Elegí una meta de 10 a 600 minutos por semana.');
    expect(goalProblem('CLASSES', '31')).toBe('Elegí una meta de 1 a 30 clases por semana.');
    expect(goalProblem('MINUTES', 'diez')).not.toBeNull();
    expect(goalProblem('MINUTES', '45')).toBeNull();
  });
});

describe('a post’s text (decision 0352)', () => {
  it('renders the format as elements', () => {
    const html = renderToStaticMarkup(
      <PostBody body={'## Hoy\n\nUn **consejo** y *otro*.\n\n- uno\n- [guía](https://alcancia.example/g)'} />,
    );
    expect(html).toContain('<h4>Hoy</h4>');
    expect(html).toContain('<strong>consejo</strong>');
    expect(html).toContain('<em>otro</em>');
    expect(html).toContain('<li>uno</li>');
    expect(html).toContain('href="https://alcancia.example/g"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('neutralises a script or a javascript: link that reached it anyway: shown as text, never run', () => {
    const html = renderToStaticMarkup(
      <PostBody
        body={'Hola <script>alert(1)</script> <img src=x onerror=alert(1)> [clic](javascript:alert(1))'}
      />,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('clic');
  });
});
