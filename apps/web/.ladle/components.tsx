import type { GlobalProvider } from '@ladle/react';
import '../src/styles/global.css';

/** Every story sits on the app's page background, in the app's language. */
export const Provider: GlobalProvider = ({ children }) => (
  <div lang="es-AR" style={{ padding: '1.5rem', background: 'var(--color-background)', minHeight: '100vh' }}>
    {children}
  </div>
);
