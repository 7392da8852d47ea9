import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/settings/store.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../account/index.ts';

/**
 * Spec §5: the tag-vote rules are shown once, before the first vote or tag-add, and must be
 * accepted (stored under tagVoteRules). Anonymous visitors are asked to log in instead.
 */
export function useRulesGate() {
  const { t } = useTranslation();
  const accepted = useSettings((s) => s.tagVoteRules);
  const set = useSettings((s) => s.set);
  const loggedIn = useAuth(isLoggedIn);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const gate = (action: () => void) => {
    if (!loggedIn) return openLoginDialog();
    if (accepted) return action();
    setPending(() => action);
  };
  const dialog = (
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
  return { gate, dialog };
}
