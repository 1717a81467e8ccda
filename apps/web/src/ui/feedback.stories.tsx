import type { Story, StoryDefault } from '@ladle/react';
import { Spinner } from './feedback';
import { ProgressBar } from './progress-bar';

export default { title: 'Feedback' } satisfies StoryDefault;

export const Loading: Story = () => <Spinner label="Cargando los cursos…" />;

export const Progress: Story = () => (
  <div style={{ display: 'grid', gap: '1rem', maxWidth: '20rem' }}>
    <ProgressBar value={0} label="Progreso del curso" />
    <ProgressBar value={45} label="Progreso del curso" />
    <ProgressBar value={100} label="Progreso del curso" />
  </div>
);
