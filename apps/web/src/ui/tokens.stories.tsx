import type { Story, StoryDefault } from '@ladle/react';

export default { title: 'Tokens' } satisfies StoryDefault;

const colours = [
  'primary',
  'primary-dark',
  'primary-soft',
  'accent',
  'accent-dark',
  'accent-soft',
  'text',
  'muted',
  'surface',
  'background',
  'border',
  'border-strong',
  'danger',
  'danger-soft',
  'success',
  'success-soft',
  'warning',
  'warning-soft',
  'info-soft',
  'focus-outer',
];

export const Colours: Story = () => (
  <ul
    style={{
      display: 'grid',
      gap: '0.75rem',
      gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
      listStyle: 'none',
      margin: 0,
      padding: 0,
    }}
  >
    {colours.map((name) => (
      <li key={name} className="card">
        <div style={{ height: '3rem', background: `var(--color-${name})` }} />
        <code style={{ padding: '0.5rem', fontSize: 'var(--text-xs)' }}>--color-{name}</code>
      </li>
    ))}
  </ul>
);

export const Type: Story = () => (
  <div style={{ display: 'grid', gap: '0.5rem' }}>
    <h1 style={{ margin: 0, fontSize: 'var(--text-4xl)' }}>Tu plata, tus reglas (4xl)</h1>
    <h2 style={{ margin: 0, fontSize: 'var(--text-3xl)' }}>Seguí viendo (3xl)</h2>
    <h2 style={{ margin: 0, fontSize: 'var(--text-2xl)' }}>Cursos para vos (2xl)</h2>
    <h3 style={{ margin: 0, fontSize: 'var(--text-xl)' }}>Armá tu fondo de emergencia (xl)</h3>
    {['lg', 'base', 'sm', 'xs'].map((step) => (
      <p key={step} style={{ margin: 0, fontSize: `var(--text-${step})` }}>
        Ahorrá, invertí y planificá con números claros: ¿cuánto necesitás? ¡Empezá hoy! ({step})
      </p>
    ))}
  </div>
);

export const Spacing: Story = () => (
  <div style={{ display: 'grid', gap: '0.5rem' }}>
    {[1, 2, 3, 4, 5, 6, 7, 8].map((step) => (
      <div key={step} style={{ display: 'flex', alignItems: 'center', gap: '1rem' }}>
        <code style={{ width: '6rem' }}>--space-{step}</code>
        <span style={{ width: `var(--space-${step})`, height: '1rem', background: 'var(--color-primary)' }} />
      </div>
    ))}
  </div>
);
