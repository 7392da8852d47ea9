import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Work } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notify/store.ts';

export const FEEDBACK_CATEGORIES = [
  'noFiles',
  'missingFiles',
  'cantPlay',
  'notOriginal',
  'subtitleNotMatch',
  'other',
] as const;

/**
 * Feedback on a work (spec §5: category required, details non-empty). The spec sends it to an
 * external error-reporting service, which this deployment does not have: the report is logged to
 * the browser console (for an operator's log collector) and thanked locally.
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
  const catError = validated && category === '';
  const detailsError = validated && details.trim() === '';
  const submit = () => {
    setValidated(true);
    if (category === '' || details.trim() === '') return;
    console.info('sasayaki feedback', {
      category,
      workId: work.id,
      sourceId: work.source_id,
      title: work.title,
      details: details.trim(),
      url: window.location.href,
    });
    notify({ type: 'positive', message: t('work.feedback.thanks') });
    onClose();
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
            helperText={detailsError ? t('work.feedback.detailsRequired') : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {t('common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
