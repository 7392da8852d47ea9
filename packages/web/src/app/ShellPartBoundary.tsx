import { Component, type ReactNode } from 'react';
import { retryFailedScreens } from './lazyScreen.tsx';

interface Props {
  children: ReactNode;
  /** A new value (the drawer opened again, say) tries the failed part once more. */
  resetKey: unknown;
}

/**
 * Around a part of the shell that loads on first use (the drawer, the account dialogs): when its
 * code cannot be loaded, that part stays away until it is asked for again, and the rest of the
 * app goes on (docs/product.md §8).
 */
export class ShellPartBoundary extends Component<Props, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: unknown }) {
    if (props.resetKey === state.resetKey) return null;
    retryFailedScreens();
    return { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
