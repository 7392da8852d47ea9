import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type EmptyAction = { label: string } & ({ to: string } | { onClick: () => void });

/**
 * What an empty list says instead of nothing: what is missing, what to do about it, and the
 * link or button that does it when there is one.
 */
export function EmptyState({
  title,
  hint,
  action,
  testId = 'empty-state',
  compact = false,
}: {
  title?: ReactNode;
  hint: ReactNode;
  action?: EmptyAction;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <Box sx={{ textAlign: compact ? 'left' : 'center', py: compact ? 1 : 4 }} data-testid={testId}>
      {title && (
        <Typography color="text.secondary" sx={{ letterSpacing: 4, fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: action ? 1.5 : 0 }}>
        {hint}
      </Typography>
      {action &&
        ('to' in action ? (
          <Button variant="outlined" component={Link} to={action.to} data-testid={`${testId}-action`}>
            {action.label}
          </Button>
        ) : (
          <Button variant="outlined" onClick={action.onClick} data-testid={`${testId}-action`}>
            {action.label}
          </Button>
        ))}
    </Box>
  );
}
