import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { workCodeSpans } from '@sasayaki/contract';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The work codes found in the text, each once, in order of appearance. */
export function importedCodes(text: string): string[] {
  return [...new Set(workCodeSpans(text).map((s) => s.code))];
}

/**
 * Free text (a shop page, a chat message, a list) from which work codes are picked out: the text
 * is shown again below with each code highlighted, and only those codes are submitted.
 */
export function ImportBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const spans = useMemo(() => workCodeSpans(value), [value]);
  const codes = useMemo(() => importedCodes(value), [value]);
  // Each piece is keyed by where it starts in the text.
  const pieces: { at: number; text: string; code?: string }[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) pieces.push({ at, text: value.slice(at, s.start) });
    pieces.push({ at: s.start, text: value.slice(s.start, s.end), code: s.code });
    at = s.end;
  }
  if (at < value.length) pieces.push({ at, text: value.slice(at) });
  return (
    <Box>
      <TextField
        label={t('playlists.import.label')}
        placeholder={t('playlists.import.placeholder')}
        multiline
        minRows={3}
        maxRows={8}
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        helperText={t('playlists.import.found', { count: codes.length })}
      />
      {spans.length > 0 && (
        <Box
          data-testid="import-preview"
          aria-label={t('playlists.import.preview')}
          sx={{
            mt: 1,
            p: 1,
            maxHeight: 140,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            color: 'text.secondary',
          }}
        >
          {pieces.map((p) =>
            p.code ? (
              <Box
                component="mark"
                key={p.at}
                title={p.code}
                sx={{
                  bgcolor: 'secondary.main',
                  color: 'secondary.contrastText',
                  borderRadius: 0.5,
                  px: 0.25,
                }}
              >
                {p.text}
              </Box>
            ) : (
              <Fragment key={p.at}>{p.text}</Fragment>
            ),
          )}
        </Box>
      )}
      {codes.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {codes.slice(0, 30).map((c) => (
            <Chip key={c} size="small" label={c} sx={{ fontFamily: 'ui-monospace, monospace' }} />
          ))}
          {codes.length > 30 && (
            <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('playlists.import.more', { count: codes.length - 30 })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
