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
export class ShellPartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  // After the commit, never while rendering: a render may be thrown away and done again (a
  // navigation suspending on its page's chunk), and forgetting failed chunks there would restart
  // every failed load on each attempt, so that the navigation never ends.
  override componentDidUpdate(before: Props): void {
    if (this.state.failed && before.resetKey !== this.props.resetKey) {
      retryFailedScreens();
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
