import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';

/**
 * The last resort around the whole route tree: a failure outside any page (the layout itself)
 * offers a reload instead of a blank page. A page's own failures stop at PageErrorBoundary first,
 * so the top bar, the drawer and the player stay.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Error') };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <Typography variant="h6" gutterBottom>
          {error instanceof Error ? error.message : 'Error'}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    );
  }
}
