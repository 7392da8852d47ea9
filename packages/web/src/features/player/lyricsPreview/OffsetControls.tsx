import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { OFFSET_BUTTON, OFFSET_STEP, shiftOffset } from '../../lyrics/index.ts';
import { usePlayerStore } from '../store.ts';

/**
 * The offset of the lyric in use: typed (taken on Enter or when the field is left; anything but a
 * number puts the current offset back) or moved by the step buttons, and reset.
 */
export function OffsetControls() {
  const { t } = useTranslation();
  const offset = usePlayerStore((s) => s.subtitleOffset);
  const { setSubtitleOffset } = usePlayerStore.getState();
  const [text, setText] = useState(() => String(offset));
  useEffect(() => setText(String(offset)), [offset]);
  const commit = (typed: string) => {
    const v = Number(typed);
    if (typed.trim() !== '' && Number.isFinite(v)) setSubtitleOffset(v);
    else setText(String(offset));
  };

  return (
    <>
      <TextField
        type="number"
        size="small"
        label={t('player.lyricsView.offset')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && commit((e.target as HTMLInputElement).value)}
        slotProps={{ htmlInput: { step: OFFSET_STEP, 'data-testid': 'lyrics-offset' } }}
        sx={{ width: 150 }}
      />
      <ButtonGroup size="small" variant="outlined" sx={{ '& .MuiButton-root': { textTransform: 'none' } }}>
        <Button onClick={() => setSubtitleOffset(shiftOffset(offset, -OFFSET_BUTTON))}>
          {t('player.lyricsView.minus')}
        </Button>
        <Button onClick={() => setSubtitleOffset(shiftOffset(offset, OFFSET_BUTTON))}>
          {t('player.lyricsView.plus')}
        </Button>
        <Button onClick={() => setSubtitleOffset(0)} disabled={offset === 0}>
          {t('player.lyricsView.reset')}
        </Button>
      </ButtonGroup>
    </>
  );
}
