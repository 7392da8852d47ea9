import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useConnection } from '../shared/api/connection.ts';
import { useTranslation } from '../shared/i18n/index.ts';
import { ChunkLoadError } from './chunkLoad.ts';
import { retryFailedScreens } from './lazyScreen.tsx';

interface Props {
  children: ReactNode;
  /** A new page (another location) starts without the old page's error. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
  /** The server's return has already retried this page once; another failure waits for Retry. */
  retriedOnReconnect: boolean;
}

/**
 * Catches what a page throws (its chunk failing to load, a render error) so that only the page
 * area shows the failure: the top bar, the drawer and the player stay (docs/product.md §2.1, §8).
 */
class Boundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, retriedOnReconnect: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, resetKey: props.resetKey, retriedOnReconnect: false };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  // A page that failed for want of the server is tried again as soon as the server is back, once:
  // when the server answers its health check but the chunk still does not come (a proxy or the
  // browser blocking it), retrying on every reconnect would loop and hide the error for good.
  private unsubscribe = () => {};

  override componentDidMount(): void {
    this.unsubscribe = useConnection.subscribe((c, before) => {
      const { error, retriedOnReconnect } = this.state;
      const lostChunk = error instanceof ChunkLoadError && !error.buildChanged;
      if (c.state === 'up' && before.state === 'down' && lostChunk && !retriedOnReconnect) {
        retryFailedScreens();
        this.setState({ error: null, retriedOnReconnect: true });
      }
    });
  }

  override componentWillUnmount(): void {
    this.unsubscribe();
  }

  retry = () => {
    retryFailedScreens();
    this.setState({ error: null, retriedOnReconnect: false });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <PageError error={this.state.error} onRetry={this.retry} />;
  }
}

export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <Boundary resetKey={pathname + search}>{children}</Boundary>;
}

function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const buildChanged = error instanceof ChunkLoadError && error.buildChanged;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity={buildChanged ? 'info' : 'error'}
        data-testid="page-error"
        // A failed chunk's message holds its URL: long words wrap rather than run out of the box.
        sx={{
          maxWidth: 640,
          width: '100%',
          '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
        }}
        action={
          buildChanged ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => window.location.reload()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('app.pageError.reload')}
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={onRetry} data-testid="page-error-retry">
              {t('common.retry')}
            </Button>
          )
        }
      >
        <AlertTitle>{buildChanged ? t('app.pageError.newVersion') : t('app.pageError.title')}</AlertTitle>
        {buildChanged ? t('app.pageError.newVersionHint') : message}
      </Alert>
    </Box>
  );
}
