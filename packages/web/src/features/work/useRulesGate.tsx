import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { isGuest, isLoggedIn, openAccountDialog, openLoginDialog, useAuth } from '../account/index.ts';

/**
 * The tag-vote rules are shown once, before the first vote or tag-add, and must be accepted
 * (stored under tagVoteRules). Anonymous visitors are asked to log in instead; the guest account
 * and accounts without a linked email are told why they cannot vote (and how to fix the latter).
 */
export function useRulesGate() {
  const { t } = useTranslation();
  const accepted = useSettings((s) => s.tagVoteRules);
  const set = useSettings((s) => s.set);
  const loggedIn = useAuth(isLoggedIn);
  const guest = useAuth(isGuest);
  const hasEmail = useAuth((s) => !!s.user?.email);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [blocked, setBlocked] = useState<'guest' | 'email' | null>(null);
  const gate = (action: () => void) => {
    if (!loggedIn) return openLoginDialog();
    if (guest) return setBlocked('guest');
    if (!hasEmail) return setBlocked('email');
    if (accepted) return action();
    setPending(() => action);
  };
  const why = (
    <Dialog open={blocked !== null} onClose={() => setBlocked(null)} maxWidth="xs">
      <DialogTitle>{t('work.voteBlocked.title')}</DialogTitle>
      <DialogContent>
        <Typography>
          {blocked === 'guest' ? t('work.voteBlocked.guest') : t('work.voteBlocked.email')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setBlocked(null)}>{t('common.close')}</Button>
        {blocked === 'email' && (
          <Button
            variant="contained"
            onClick={() => {
              setBlocked(null);
              openAccountDialog('email');
            }}
          >
            {t('work.voteBlocked.linkEmail')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
  const rules = (
    <Dialog open={pending !== null} onClose={() => setPending(null)} maxWidth="sm">
      <DialogTitle>{t('work.voteRules.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('work.voteRules.text')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setPending(null)}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            set({ tagVoteRules: true });
            const run = pending;
            setPending(null);
            run?.();
          }}
        >
          {t('work.voteRules.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  const dialog = (
    <>
      {why}
      {rules}
    </>
  );
  return { gate, dialog };
}
