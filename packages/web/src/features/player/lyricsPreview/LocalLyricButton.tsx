import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { SUBTITLE_EXTENSIONS } from '@sasayaki/contract';
import { useTranslation } from '../../../shared/i18n/index.ts';

const ACCEPTED = SUBTITLE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Picks a subtitle file from this device; the same file can be picked again. */
export function LocalLyricButton({ onFile }: { onFile: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('player.lyricsView.loadLocal')}>
      <IconButton component="label" aria-label={t('player.lyricsView.loadLocal')}>
        <UploadFileRounded />
        <input
          hidden
          type="file"
          accept={ACCEPTED}
          data-testid="lyrics-local-file"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </IconButton>
    </Tooltip>
  );
}
