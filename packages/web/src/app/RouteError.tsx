import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';

/** A screen that failed to load (a chunk after a deployment, say): offer a reload instead of a blank page. */
export function RouteError() {
  const err = useRouteError();
  console.error(err);
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h6" gutterBottom>
        {err instanceof Error ? err.message : 'Error'}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
