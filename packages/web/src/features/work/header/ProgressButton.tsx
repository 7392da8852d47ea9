import ProgressIcon from '@mui/icons-material/BookmarkBorder';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { PROGRESS_VALUES, type Progress, type Work } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../../account/index.ts';
import { putReview } from '../workApi.ts';
import { useReviewRefresh } from './useReviewRefresh.ts';

/**
 * The listener's progress with the work (want to listen, listening, …): the button names it and
 * opens the menu that changes it, or the login dialog for a visitor. It is saved with the review.
 */
export function ProgressButton({ work }: { work: Work }) {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const refresh = useReviewRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const setProgress = async (progress: Progress | null) => {
    setAnchor(null);
    try {
      await putReview({
        work_id: work.id,
        rating: work.userRating ?? null,
        review_text: work.review_text ?? null,
        progress,
      });
      void refresh();
    } catch {
      // notified by the API client
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ProgressIcon />}
        onClick={(e) => (loggedIn ? setAnchor(e.currentTarget) : openLoginDialog())}
      >
        {work.progress ? t(`work.progress.${work.progress}`) : t('work.progress.label')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => setProgress(null)} selected={!work.progress}>
          {t('work.progress.none')}
        </MenuItem>
        {PROGRESS_VALUES.map((p) => (
          <MenuItem key={p} selected={work.progress === p} onClick={() => setProgress(p)}>
            {t(`work.progress.${p}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
