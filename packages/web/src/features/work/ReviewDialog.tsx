import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROGRESS_VALUES, type Progress, type Work } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { deleteReview, putReview } from './workApi.ts';

type W = Pick<Work, 'id' | 'userRating' | 'review_text' | 'progress'>;

/** One of the progress choices, or '' for none (a work's own is a plain string in its answer). */
const progressOf = (value: string | null | undefined): Progress | '' =>
  PROGRESS_VALUES.find((p) => p === value) ?? '';

/** Rating, progress and text, or — marked for deletion and confirmed a second time — removed (docs/product.md §2.8). */
export function ReviewDialog({ work, onClose }: { work: W; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(work.userRating ?? 0);
  const [progress, setProgress] = useState(progressOf(work.progress));
  const [text, setText] = useState(work.review_text ?? '');
  const [remove, setRemove] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  // The notice is the interface's own text: the server's `message` is English for old clients.
  const run = async (call: () => Promise<unknown>, done: 'saved' | 'deleted') => {
    setBusy(true);
    try {
      await call();
      notify({ type: 'positive', message: t(`work.review.${done}`) });
      onClose(true);
    } catch {
      setBusy(false);
    }
  };
  const submit = () => {
    if (remove) return setConfirm(true);
    // Rating 0 clears the rating: null is sent (docs/product.md §5).
    void run(
      () =>
        putReview({
          work_id: work.id,
          rating: rating > 0 ? rating : null,
          review_text: text,
          progress: progress || null,
        }),
      'saved',
    );
  };

  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>{t('work.review.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>{t('work.review.rating')}</Typography>
            <Rating
              value={rating}
              onChange={(_, v) => setRating(v ?? 0)}
              disabled={remove}
              aria-label={t('work.review.rating')}
              // The component's own labels are English ("1 Star", "Empty").
              getLabelText={(value) => t('work.review.stars', { count: value })}
              emptyLabelText={t('work.review.noRating')}
            />
          </Stack>
          <TextField
            select
            label={t('work.progress.label')}
            value={progress}
            onChange={(e) => setProgress(progressOf(e.target.value))}
            disabled={remove}
          >
            <MenuItem value="">{t('work.progress.none')}</MenuItem>
            {PROGRESS_VALUES.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`work.progress.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('work.review.text')}
            multiline
            minRows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={remove}
          />
          <FormControlLabel
            control={
              <Checkbox checked={remove} onChange={(e) => setRemove(e.target.checked)} color="error" />
            }
            label={t('work.review.delete')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
        <Button variant="contained" color={remove ? 'error' : 'primary'} onClick={submit} disabled={busy}>
          {remove ? t('common.delete') : t('common.save')}
        </Button>
      </DialogActions>
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('work.review.deleteConfirm')}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirm(false);
              void run(() => deleteReview(work.id), 'deleted');
            }}
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
