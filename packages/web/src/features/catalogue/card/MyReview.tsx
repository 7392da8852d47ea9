import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { Work } from '@sasayaki/contract';
import { useTranslation } from '../../../shared/i18n/index.ts';

/** The signed-in listener's own rating and review text of a work, when there is either. */
export function MyReview({
  work,
  clamp,
}: {
  work: Pick<Work, 'userRating' | 'review_text'>;
  /** Lines of text shown before it is cut (cards); the whole text without. */
  clamp?: number;
}) {
  const { t } = useTranslation();
  const rating = work.userRating ?? null;
  const text = work.review_text?.trim() ?? '';
  if (rating === null && text === '') return null;
  return (
    <Box
      data-testid="my-review"
      sx={{
        borderLeft: 3,
        borderColor: 'secondary.main',
        pl: 1,
        py: 0.25,
        bgcolor: 'action.hover',
        borderRadius: 0.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {t('works.myReview.label')}
        </Typography>
        {rating !== null && (
          <Rating
            value={rating}
            readOnly
            size="small"
            aria-label={t('works.myReview.rating', { count: rating })}
          />
        )}
      </Box>
      {text && (
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            ...(clamp
              ? {
                  display: '-webkit-box',
                  WebkitLineClamp: clamp,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }
              : {}),
          }}
        >
          {text}
        </Typography>
      )}
    </Box>
  );
}
