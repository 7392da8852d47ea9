import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FEEDBACK_CATEGORIES, LIMITS, type Work } from '@sasayaki/contract';
import { useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';

/**
 * "Report a problem" with a work: a category is required and the details must not be empty. The
 * report is stored on the server, where administrators read it (Admin → Problem reports).
 */
export function FeedbackDialog({
  work,
  onClose,
}: {
  work: Pick<Work, 'id' | 'source_id' | 'title'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  const [details, setDetails] = useState('');
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState(false);
  const catError = validated && category === '';
  const detailsError = validated && details.trim() === '';
  const submit = async () => {
    setValidated(true);
    if (category === '' || details.trim() === '') return;
    setBusy(true);
    try {
      await call('POST /api/feedback', {
        body: { work_id: work.id, category, details: details.trim(), url: window.location.href },
      });
      notify({ type: 'positive', message: t('work.feedback.thanks') });
      onClose();
    } catch {
      // the API client showed the server's message; the text stays for another try
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('work.feedback.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('work.feedback.category')}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            error={catError}
            helperText={catError ? t('work.feedback.categoryRequired') : undefined}
          >
            {FEEDBACK_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`work.feedback.categories.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('work.feedback.details')}
            multiline
            minRows={3}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            error={detailsError}
            helperText={
              detailsError
                ? t('work.feedback.detailsRequired')
                : `${details.length} / ${LIMITS.feedbackDetails}`
            }
            slotProps={{ htmlInput: { maxLength: LIMITS.feedbackDetails } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
