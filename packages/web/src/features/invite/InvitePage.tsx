/**
 * `/invite/:code`: the link an administrator sent. The code is checked first; a valid one shows a
 * registration form (name, password twice) that signs the new account in and opens the library.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INVITATION_CODE_PATTERN } from '@sasayaki/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../shared/api/client.ts';
import { errorText } from '../../shared/api/errors.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { afterAuth, NewAccountForm, useNewAccount } from '../account/index.ts';

const CODE = new RegExp(INVITATION_CODE_PATTERN);

type Check =
  | { state: 'checking' }
  | { state: 'open'; expiresAt: number }
  | { state: 'invalid'; text: string };

function useInvitation(code: string): Check {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    if (!CODE.test(code)) {
      setCheck({ state: 'invalid', text: t('errorCodes.INVITATION_INVALID') });
      return;
    }
    let live = true;
    call('POST /api/invitations/check', { body: { code } }, { silent: true, auth: false }).then(
      (r) => live && setCheck({ state: 'open', expiresAt: r.expiresAt }),
      (err: unknown) => live && setCheck({ state: 'invalid', text: errorText(err, t) ?? '' }),
    );
    return () => {
      live = false;
    };
  }, [code, t]);
  return check;
}

function InviteForm({ code, expiresAt }: { code: string; expiresAt: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const account = useNewAccount();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!account.validate()) return;
    setBusy(true);
    try {
      const answer = await call(
        'POST /api/invitations/register',
        { body: { code, name: account.name, password: account.password } },
        { silent: true, auth: false },
      );
      afterAuth(answer, { newAccount: true });
      navigate('/works', { replace: true });
    } catch (err) {
      setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const until = new Date(expiresAt).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <NewAccountForm
      account={account}
      intro={t('invite.intro', { until })}
      labels={{ name: t('invite.name'), password: t('invite.password'), repeat: t('invite.repeat') }}
      submitLabel={t('invite.create')}
      failure={failure}
      busy={busy}
      onSubmit={submit}
      testId="invite-form"
    />
  );
}

export function InvitePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const check = useInvitation(code);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 2, sm: 6 }, px: 2 }}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}
        data-testid="invite-page"
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          {t('invite.title')}
        </Typography>
        {check.state === 'checking' && <LinearProgress />}
        {check.state === 'invalid' && (
          <Alert severity="warning" data-testid="invite-invalid">
            {check.text}
          </Alert>
        )}
        {check.state === 'open' && <InviteForm code={code} expiresAt={check.expiresAt} />}
      </Paper>
    </Box>
  );
}
