import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';
import { Banner } from './banner';
import { Button, ButtonLink, buttonClass } from './button';
import { Card } from './card';
import { DialogActions, DialogBody } from './dialog';
import { FileButton } from './file-button';
import { MultiCombobox, matchingOptions } from './multi-combobox';
import { Tabs } from './tabs';

describe('Button', () => {
  it('is a plain button (never submits by accident) with the primary look by default', () => {
    const html = renderToStaticMarkup(<Button>Comenzar</Button>);
    expect(html).toBe('<button type="button" class="button button-primary">Comenzar</button>');
  });

  it('while loading keeps its label, shows a spinner and says it is busy', () => {
    const html = renderToStaticMarkup(
      <Button variant="secondary" size="small" loading>
        Pagando
      </Button>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('class="button-spinner"');
    expect(html).toContain('Pagando');
    expect(html).toContain('class="button button-secondary button-small"');
  });

  it('gives links the same classes', () => {
    expect(buttonClass({ variant: 'danger', size: 'large', block: true })).toBe(
      'button button-danger button-large button-block',
    );
  });

  it('has a bare look, a link look and the back office density, after the same classes', () => {
    expect(buttonClass({ variant: 'plain', size: 'small' })).toBe('button button-small');
    expect(buttonClass({ variant: 'link', block: true })).toBe('link-button');
    expect(buttonClass({ variant: 'secondary', size: 'compact' })).toBe(
      'button button-secondary button-compact',
    );
  });

  it('keeps a submit type and its own classes after the look', () => {
    expect(
      renderToStaticMarkup(
        <Button type="submit" variant="secondary" className="header-search">
          Buscar
        </Button>,
      ),
    ).toBe('<button type="submit" class="button button-secondary header-search">Buscar</button>');
  });
});

describe('FileButton', () => {
  it('is a hidden file input named by a label with the button classes (compact: the back office)', () => {
    const html = renderToStaticMarkup(
      <FileButton accept=".vtt" size="compact" disabled onFile={() => undefined}>
        Subir subtítulos
      </FileButton>,
    );
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toBe(
      `<input id="${id}" type="file" accept=".vtt" class="visually-hidden file-button-input" disabled=""/>` +
        `<label for="${id}" class="button button-secondary button-compact">Subir subtítulos</label>`,
    );
  });
});

describe('ButtonLink', () => {
  it('is a route link (to) or a plain anchor (href) with the button classes', () => {
    expect(
      renderToStaticMarkup(
        <MemoryRouter>
          <ButtonLink to="/academy" variant="secondary" block>
            Ir a la Academia
          </ButtonLink>
        </MemoryRouter>,
      ),
    ).toBe(
      '<a class="button button-secondary button-block" href="/academy" data-discover="true">Ir a la Academia</a>',
    );
    expect(
      renderToStaticMarkup(
        <ButtonLink href="https://pago.example/x" rel="noopener">
          Ir a la página de pago
        </ButtonLink>,
      ),
    ).toBe(
      '<a class="button button-primary" href="https://pago.example/x" rel="noopener">Ir a la página de pago</a>',
    );
  });
});

describe('DialogBody and DialogActions', () => {
  it('are the dialog parts, the body a form when asked', () => {
    expect(
      renderToStaticMarkup(
        <DialogBody as="form" className="form" noValidate>
          <DialogActions>
            <Button type="submit">Enviar</Button>
          </DialogActions>
        </DialogBody>,
      ),
    ).toBe(
      '<form class="form dialog-body" noValidate=""><div class="dialog-actions"><button type="submit" class="button button-primary">Enviar</button></div></form>',
    );
    expect(renderToStaticMarkup(<DialogBody>x</DialogBody>)).toBe('<div class="dialog-body">x</div>');
  });
});

describe('Banner', () => {
  it('interrupts the screen reader for a danger, waits for the rest', () => {
    expect(renderToStaticMarkup(<Banner tone="danger">No pudimos cobrar</Banner>)).toContain('role="alert"');
    expect(renderToStaticMarkup(<Banner tone="success">Listo</Banner>)).toContain('role="status"');
    expect(
      renderToStaticMarkup(
        <Banner tone="warning" live="none">
          Pendiente
        </Banner>,
      ),
    ).not.toContain('role=');
  });

  it('uses the message classes the rest of the app styles', () => {
    expect(renderToStaticMarkup(<Banner tone="danger">x</Banner>)).toContain('class="alert alert-error"');
    expect(renderToStaticMarkup(<Banner tone="warning">x</Banner>)).toContain('class="alert alert-warning"');
  });
});

describe('Tabs', () => {
  const tabs = [
    { id: 'mensual', label: 'Mensual', panel: <p>Por mes</p> },
    { id: 'anual', label: 'Anual', panel: <p>Por año</p> },
  ];

  it('selects the first tab, with one tab stop, and hides the other panels', () => {
    const html = renderToStaticMarkup(<Tabs label="Frecuencia de pago" tabs={tabs} />);
    expect(html).toContain('role="tablist" aria-label="Frecuencia de pago"');
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-selected="true"[^>]*tabindex="0"[^>]*>Mensual/);
    expect(html).toMatch(/aria-selected="false"[^>]*tabindex="-1"[^>]*>Anual/);
    expect(html).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*><p>Por año/);
  });

  it('follows a controlled value', () => {
    const html = renderToStaticMarkup(
      <Tabs label="Frecuencia" tabs={tabs} value="anual" onChange={() => {}} />,
    );
    expect(html).toMatch(/aria-selected="true"[^>]*>Anual/);
  });

  it('draws one shared panel, in a feature look without a wrapper, every tab controlling it', () => {
    const html = renderToStaticMarkup(
      <Tabs
        label="Frecuencia de pago"
        tabs={[
          { id: 'monthly', label: 'Mensual' },
          { id: 'annual', label: 'Anual' },
        ]}
        value="annual"
        onChange={() => {}}
        classNames={{ list: 'plan-tabs', tab: 'plan-tab', panel: 'plan-panel' }}
        panel={<p>Planes anuales</p>}
      />,
    );
    expect(html).toMatch(/^<div class="plan-tabs" role="tablist"/);
    expect(html.match(/class="plan-tab"/g)).toHaveLength(2);
    const panelId =
      /<div id="([^"]+)" class="plan-panel" role="tabpanel" aria-labelledby="([^"]+)"><p>Planes anuales/.exec(
        html,
      );
    expect(panelId).not.toBeNull();
    expect(html.match(new RegExp(`aria-controls="${panelId?.[1]}"`, 'g'))).toHaveLength(2);
    expect(html).toContain(`id="${panelId?.[2]}" class="plan-tab" aria-selected="true"`);
  });
});

describe('Card and Badge', () => {
  it('puts the title in a heading and the actions at the bottom', () => {
    const html = renderToStaticMarkup(
      <Card as="li" title="Plan Esencial" titleLevel={2} footer={<a href="/x">Elegir</a>}>
        <p>Todos los cursos</p>
      </Card>,
    );
    expect(html).toBe(
      '<li class="card"><div class="card-body"><h2 class="card-title">Plan Esencial</h2><p>Todos los cursos</p><div class="card-footer"><a href="/x">Elegir</a></div></div></li>',
    );
  });

  it('draws a self-framed cover as given and a kicker above the title; empty, it is only the surface', () => {
    const html = renderToStaticMarkup(
      <Card as="article" className="program-card" cover={<img alt="" />} kicker={<p>Pack</p>} title="Ahorro">
        <p>Tres cursos</p>
      </Card>,
    );
    expect(html).toBe(
      '<article class="card program-card"><img alt=""/><div class="card-body"><p>Pack</p><h3 class="card-title">Ahorro</h3><p>Tres cursos</p></div></article>',
    );
    expect(renderToStaticMarkup(<Card as="li" className="shop-skeleton" />)).toBe(
      '<li class="card shop-skeleton"></li>',
    );
  });

  it('labels with text and a tone', () => {
    expect(renderToStaticMarkup(<Badge tone="accent">Nuevo</Badge>)).toBe(
      '<span class="badge badge-accent">Nuevo</span>',
    );
  });
});

describe('MultiCombobox', () => {
  const options = [
    { value: 'programa-chau-deudas', label: 'Chau deudas' },
    { value: 'pack-inversion-completa', label: 'Inversión completa', detail: 'Pack' },
  ];

  it('is a labelled combobox over a multi-select list, with what was picked listed by name, each removable', () => {
    const html = renderToStaticMarkup(
      <MultiCombobox
        id="programas"
        label="Programas o packs"
        options={options}
        value={['pack-inversion-completa', 'ya-no-existe']}
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('<label class="field-label" for="programas">Programas o packs</label>');
    expect(html).toMatch(
      /<input[^>]*id="programas"[^>]*role="combobox"[^>]*aria-expanded="false"[^>]*aria-controls="programas-opciones"/,
    );
    expect(html).toContain('role="listbox" aria-label="Programas o packs" aria-multiselectable="true"');
    expect(html).toContain('aria-label="Programas o packs: elegidos"');
    expect(html).toContain('aria-label="Quitar Inversión completa"');
    // a value no option holds any more is still listed (by its id), so it can be removed
    expect(html).toContain('aria-label="Quitar ya-no-existe"');
    expect(html).toContain('aria-selected="true"');
  });

  it('finds options by any part of the name, without accents or case, and by their detail', () => {
    expect(matchingOptions(options, 'INVERSION').map((o) => o.value)).toEqual(['pack-inversion-completa']);
    expect(matchingOptions(options, 'pack').map((o) => o.value)).toEqual(['pack-inversion-completa']);
    expect(matchingOptions(options, 'chau deu').map((o) => o.value)).toEqual(['programa-chau-deudas']);
    expect(matchingOptions(options, '  ')).toHaveLength(2);
    expect(matchingOptions(options, 'nada')).toEqual([]);
  });
});
