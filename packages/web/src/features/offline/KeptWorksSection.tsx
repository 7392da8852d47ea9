import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { formatBytes } from '../../shared/ui/format.ts';
import { KeptWorkList } from './KeptWorkList.tsx';
import { removeKept, storageEstimate } from './keep.ts';
import { useKept } from './kept.ts';

/** Settings' "Offline listening": the kept works with their sizes, the storage used and left, remove. */
export function KeptWorksSection() {
  const { t } = useTranslation();
  const works = useKept((s) => s.works);
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the estimate changes with the list
  useEffect(() => {
    void storageEstimate().then(setEstimate);
  }, [works]);
  return (
    <Box data-testid="kept-works">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('offline.settingsHint')}
      </Typography>
      {estimate && estimate.quota > 0 && (
        <Box sx={{ mb: 1.5, maxWidth: 480 }} data-testid="kept-storage">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('offline.storage', {
              used: formatBytes(estimate.usage),
              quota: formatBytes(estimate.quota),
              left: formatBytes(Math.max(0, estimate.quota - estimate.usage)),
            })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (estimate.usage / estimate.quota) * 100)}
            aria-hidden
          />
        </Box>
      )}
      {works.length === 0 ? (
        <Typography variant="body2">{t('offline.empty')}</Typography>
      ) : (
        <KeptWorkList
          works={works}
          rowTestId="kept-work"
          action={(w) => (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => void removeKept(w.id)}
              aria-label={`${t('offline.remove')} ${w.title}`}
              sx={{ flexShrink: 0 }}
            >
              {t('offline.remove')}
            </Button>
          )}
        />
      )}
    </Box>
  );
}
