// Each chart is isolated: a rendering failure shows the message docs/product.md gives instead of taking the page down.
import { Component, type ReactNode } from 'react';

export const CHART_ERROR_TITLE = 'Une erreur est survenue dans l\u2019affichage';
export const CHART_ERROR_TEXT = 'Veuillez réessayer ou changer de sélection.';

interface Props {
  children: ReactNode;
  /** A new key (the selection) gives the chart another chance. */
  resetKey?: unknown;
}

export class ChartErrorBoundary extends Component<Props, { failed: boolean; key: unknown }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: unknown }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error('Chart rendering failed', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="chart-error" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <strong>{CHART_ERROR_TITLE}</strong>
        <span>{CHART_ERROR_TEXT}</span>
      </div>
    );
  }
}
