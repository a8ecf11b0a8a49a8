import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; resetKey: string; failed: boolean };

/**
 * What React Router's data router showed when a screen threw, kept now that the app uses the plain
 * BrowserRouter (whose data-router code it never used, 17 KB gzipped of the first load): the error's
 * message and stack instead of a blank page, until the learner goes elsewhere.
 */
class Boundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? (
          <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre>
        ) : null}
      </>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.key}>{children}</Boundary>;
}
