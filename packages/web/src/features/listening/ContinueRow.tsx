/**
 * "Continue listening" on the home page: the recently played works with an unfinished track, each
 * a card that plays that track from where the account stopped.
 */
import PlayCircleRounded from '@mui/icons-material/PlayCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ContinueItem } from '@sasayaki/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { playFromHistory, useContinueListening } from './api.ts';
import { howFar } from './format.ts';
import { WorkThumb } from './WorkThumb.tsx';

function ContinueCard({ item }: { item: ContinueItem }) {
  const { t } = useTranslation();
  const far = howFar(item.position, item.duration);
  return (
    <ButtonBase
      onClick={() => void playFromHistory(item.work, item)}
      aria-label={t('listening.continueTrack', { title: item.title, work: item.work.title })}
      data-testid="continue-item"
      sx={{
        display: 'grid',
        gridTemplateColumns: '56px 1fr',
        gap: 1.25,
        alignItems: 'center',
        textAlign: 'left',
        p: 1,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        width: { xs: 260, sm: 280 },
        flexShrink: 0,
        scrollSnapAlign: 'start',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <WorkThumb work={item.work} size={56} />
        <PlayCircleRounded
          sx={{
            position: 'absolute',
            inset: 0,
            m: 'auto',
            color: 'common.white',
            opacity: 0.9,
            filter: 'drop-shadow(0 0 4px rgba(0,0,0,.6))',
          }}
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {item.work.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {item.title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.5 }}>
          <LinearProgress
            variant="determinate"
            value={far.percent}
            sx={{ flex: 1, height: 4, borderRadius: 2 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {far.text}
          </Typography>
        </Box>
      </Box>
    </ButtonBase>
  );
}

export function ContinueRow() {
  const { t } = useTranslation();
  const { data = [] } = useContinueListening();
  if (data.length === 0) return null;
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid="continue-row" aria-labelledby="continue-row-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="continue-row-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('listening.continueTitle')}
        </Typography>
        <Button component={Link} to="/history" size="small">
          {t('listening.allHistory')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          pb: 1,
        }}
      >
        {data.map((item) => (
          <ContinueCard key={item.track} item={item} />
        ))}
      </Box>
    </Box>
  );
}
