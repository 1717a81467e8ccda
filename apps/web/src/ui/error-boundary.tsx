import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** a new key (the next page) clears the failure */
  resetKey: string;
}

interface State {
  failed: boolean;
  key: string;
}

/**
 * A page that fails to render, or whose code fails to load (no connection, or a new version
 * replaced its files), shows a way on instead of a blank screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('No se pudo mostrar la página', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageFailure /> : this.props.children;
  }
}

function PageFailure() {
  return (
    <section className="page-failure" aria-labelledby="page-failure-title">
      <h1 id="page-failure-title">No pudimos mostrar esta página</h1>
      <p>Puede ser la conexión, o que haya una versión nueva de Alcancía. Recargá la página para seguir.</p>
      <div className="page-failure-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Recargar la página
        </button>
        <a className="button" href="/">
          Ir al inicio
        </a>
      </div>
    </section>
  );
}
