import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Session } from '@sasayaki/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { errorText } from '../../shared/api/errors.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';

/**
 * Account → Devices: where the account is signed in (browser and system, address, last seen),
 * "this device" marked; sign out one, or every other (the server ends their sessions at once).
 */
export function DevicesSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => call('GET /api/auth/sessions', {}, { signal }),
  });
  const when = (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  async function act(run: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await run());
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }
  const signOut = (s: Session) =>
    act(async () => {
      await call('DELETE /api/auth/sessions/:id', { params: { id: s.id } });
      return null;
    });
  const signOutOthers = () =>
    act(async () => {
      const r = await call('POST /api/auth/sessions/end-others', {});
      return t('auth.devices.othersEnded', { count: r.ended });
    });

  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Stack spacing={1.5} data-testid="devices">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
        {t('auth.devices.title')}
      </Typography>
      <Typography color="text.secondary">{t('auth.devices.why')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {notice && <Alert severity="success">{notice}</Alert>}
      <List dense disablePadding>
        {sessions.map((s) => (
          <ListItem
            key={s.id}
            disableGutters
            data-testid="device"
            secondaryAction={
              s.current ? (
                <Chip size="small" color="primary" label={t('auth.devices.thisDevice')} />
              ) : (
                <Button size="small" color="error" onClick={() => void signOut(s)} disabled={busy}>
                  {t('auth.devices.signOut')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={s.client || t('auth.devices.unknownClient')}
              secondary={t('auth.devices.seen', { when: when(s.lastSeenAt), address: s.address || '—' })}
              sx={{ pr: 12, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
      {others > 0 && (
        <Button variant="outlined" color="error" onClick={() => void signOutOthers()} disabled={busy}>
          {t('auth.devices.signOutOthers')}
        </Button>
      )}
    </Stack>
  );
}
