import Box from '@mui/material/Box';
import type { FormEvent, ReactNode } from 'react';

/**
 * The form around a dialog's content and actions. A plain `<form>` would stand between the
 * dialog's paper and its parts, so a tall content (an opened "Advanced" section, a phone screen)
 * pushed the buttons out of sight; as a shrinking flex column the content scrolls and the actions
 * stay on screen.
 */
export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      {children}
    </Box>
  );
}
