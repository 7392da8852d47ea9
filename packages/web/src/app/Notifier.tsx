import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useNotifications } from '../shared/notify/store.ts';

const SEVERITY = { positive: 'success', negative: 'error', info: 'info', warning: 'warning' } as const;

/** Shows the oldest pending notification; the next one follows when it closes. */
export function Notifier() {
  const current = useNotifications((s) => s.items[0]);
  const dismiss = useNotifications((s) => s.dismiss);
  if (!current) return null;
  const close = () => dismiss(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={current.timeout ?? (current.type === 'negative' ? 6000 : 3000)}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={SEVERITY[current.type]}
        variant="filled"
        onClose={close}
        data-testid="notification"
        action={
          current.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                current.action?.onClick();
                close();
              }}
            >
              {current.action.label}
            </Button>
          ) : undefined
        }
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
