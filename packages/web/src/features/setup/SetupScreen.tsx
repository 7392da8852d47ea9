import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { ApiError, errorText } from '../../shared/api/errors.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { afterAuth, NewAccountForm, useNewAccount } from '../account/index.ts';

interface Props {
  /** The administrator exists now: this browser's or another's (`mine` false). */
  onDone: (mine: boolean) => void;
  /** The language button, so the first screen can be read in one's own language. */
  languageMenu: ReactNode;
}

/**
 * First run (docs/console.md): while the server has no administrator, every page is this form.
 * It creates the administrator and signs them in; if another browser was quicker, it says so.
 */
export function SetupScreen({ onDone, languageMenu }: Props) {
  const { t } = useTranslation();
  const account = useNewAccount();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [lost, setLost] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!account.validate()) return;
    setBusy(true);
    try {
      const answer = await call(
        'POST /api/setup',
        { body: { name: account.name, password: account.password } },
        { silent: true, auth: false },
      );
      afterAuth(answer, { newAccount: true });
      onDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SETUP_DONE') setLost(true);
      else setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}
        data-testid="setup-screen"
      >
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{
              flex: 1,
              fontWeight: 800,
              background: 'linear-gradient(90deg, #8b6cf6, #e0508d)',
              WebkitBackgroundClip: 'text',
              WebkitTextFillColor: 'transparent',
            }}
          >
            {t('setup.title')}
          </Typography>
          {languageMenu}
        </Box>
        {lost ? (
          <Stack spacing={2}>
            <Alert severity="info" data-testid="setup-lost">
              {t('setup.lost')}
            </Alert>
            <Button variant="contained" onClick={() => onDone(false)}>
              {t('setup.continue')}
            </Button>
          </Stack>
        ) : (
          <NewAccountForm
            account={account}
            intro={t('setup.intro')}
            labels={{ name: t('setup.name'), password: t('setup.password'), repeat: t('setup.repeat') }}
            submitLabel={t('setup.create')}
            failure={failure}
            busy={busy}
            onSubmit={submit}
          />
        )}
      </Paper>
    </Box>
  );
}
