import Paper from '@mui/material/Paper';
import { ImportProgress } from './ImportProgress.tsx';
import { useSubtitleStore } from './importState.ts';

/** An import started by dropping an archive on any page shows its progress and outcome here. */
export function ImportToast() {
  const state = useSubtitleStore((s) => s.importing);
  const inSettings = useSubtitleStore((s) => s.sectionOpen);
  if (state.status === 'idle' || inSettings) return null;
  return (
    <Paper
      elevation={6}
      data-testid="subtitle-import-toast"
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        bottom: { xs: 80, sm: 96 },
        width: { sm: 380 },
        p: state.status === 'processing' ? 1.5 : 0,
      }}
    >
      <ImportProgress state={state} />
    </Paper>
  );
}
