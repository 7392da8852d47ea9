import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * "—" in place of a figure the work does not have (docs/product.md §2.5), or a text holding it
 * ("— sold"); the label says which figure it is.
 */
export function Unknown({ label, text = '—', sx }: { label: string; text?: string; sx?: SxProps<Theme> }) {
  return (
    <Box component="span" role="img" aria-label={label} title={label} data-testid="unknown-fact" sx={sx}>
      {text}
    </Box>
  );
}
