import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AppPassword } from '@sasayaki/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { errorText } from '../../shared/api/errors.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useAuth } from './store.ts';

/**
 * App passwords for music apps that speak the Subsonic API (/rest): made per device, shown once,
 * listed with when each was last used, revoked at once. The player signs in with the account's
 * name, this server's address and the app password.
 */
export function AppPasswordsSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const name = useAuth((s) => s.user?.name ?? '');
  const [device, setDevice] = useState('');
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: queryKeys.appPasswords,
    queryFn: ({ signal }) => call('GET /api/auth/app-passwords', {}, { signal }),
  });
  const when = (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await call('POST /api/auth/app-passwords', { body: { name: device.trim() } });
      setMade({ name: r.appPassword.name, secret: r.secret });
      setDevice('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(p: AppPassword) {
    setBusy(true);
    setError(null);
    try {
      await call('DELETE /api/auth/app-passwords/:id', { params: { id: p.id } });
      if (made?.name === p.name) setMade(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  const passwords = list.data?.appPasswords ?? [];
  return (
    <Stack spacing={1.5} data-testid="app-passwords">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
        {t('auth.appPasswords.title')}
      </Typography>
      <Typography color="text.secondary">{t('auth.appPasswords.why')}</Typography>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('auth.appPasswords.howTo', { server: window.location.origin, name })}
      </Typography>
      <Stack
        component="form"
        onSubmit={create}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={t('auth.appPasswords.device')}
          placeholder={t('auth.appPasswords.devicePlaceholder')}
          value={device}
          onChange={(e) => setDevice(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Button type="submit" variant="outlined" disabled={busy || device.trim() === ''}>
          {t('auth.appPasswords.create')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {made && (
        <Alert severity="success" onClose={() => setMade(null)} data-testid="app-password-secret">
          <Typography>{t('auth.appPasswords.made', { name: made.name })}</Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', my: 0.5 }}
            useFlexGap
          >
            <Typography
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere' }}
            >
              {made.secret}
            </Typography>
            <Button size="small" onClick={() => void navigator.clipboard?.writeText(made.secret)}>
              {t('auth.appPasswords.copy')}
            </Button>
          </Stack>
          <Typography variant="body2">{t('auth.appPasswords.onlyOnce')}</Typography>
        </Alert>
      )}
      {passwords.length === 0 ? (
        <Typography color="text.secondary">{t('auth.appPasswords.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {passwords.map((p) => (
            <ListItem
              key={p.id}
              disableGutters
              secondaryAction={
                <Button size="small" color="error" onClick={() => setRevoking(p)} disabled={busy}>
                  {t('auth.appPasswords.revoke')}
                </Button>
              }
            >
              <ListItemText
                primary={p.name}
                secondary={`${t('auth.appPasswords.created', { when: when(p.createdAt) })} · ${
                  p.lastUsedAt === null
                    ? t('auth.appPasswords.neverUsed')
                    : t('auth.appPasswords.lastUsed', { when: when(p.lastUsedAt) })
                }`}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)}>
        <DialogTitle>{t('auth.appPasswords.revokeTitle', { name: revoking?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('auth.appPasswords.revokeWhat')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>{t('auth.appPasswords.cancel')}</Button>
          <Button color="error" onClick={() => revoking && void revoke(revoking)} disabled={busy}>
            {t('auth.appPasswords.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
