import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { findWorkCodes, workCodeOfId, workCodeSpans, workIdOf } from '@sasayaki/contract';
import { Fragment, useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useLibraryWorkIds } from '../../shared/library/workIds.ts';

/** A code as the spec writes it: RJ1400112 → RJ01400112, rj123456 → RJ123456. */
const specForm = (code: string) => {
  const [found] = findWorkCodes(code);
  return found ? workCodeOfId(workIdOf(found)) : code;
};

/** The work codes found in the text in the spec's form, each work once, in order of appearance. */
export function importedCodes(text: string): string[] {
  return [...new Set(findWorkCodes(text).map((c) => workCodeOfId(workIdOf(c))))];
}

/**
 * Free text (a shop page, a chat message, a list) from which work codes are picked out: the text
 * is shown again below with each code highlighted, and only those codes are submitted.
 */
export function ImportBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const spans = useMemo(() => workCodeSpans(value), [value]);
  const codes = useMemo(() => importedCodes(value), [value]);
  const library = useLibraryWorkIds(codes.length > 0).data;
  const missing = useMemo(
    () => (library ? codes.filter((c) => !library.has(workIdOf(findWorkCodes(c)[0]!))) : []),
    [codes, library],
  );
  const absent = new Set(missing);
  // Each piece is keyed by where it starts in the text.
  const pieces: { at: number; text: string; code?: string }[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) pieces.push({ at, text: value.slice(at, s.start) });
    pieces.push({ at: s.start, text: value.slice(s.start, s.end), code: specForm(s.code) });
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
                  bgcolor: absent.has(p.code) ? 'action.selected' : 'secondary.main',
                  color: absent.has(p.code) ? 'text.primary' : 'secondary.contrastText',
                  textDecoration: absent.has(p.code) ? 'line-through' : 'none',
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
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} data-testid="import-codes">
          {codes.slice(0, 30).map((c) => (
            <Chip
              key={c}
              size="small"
              label={c}
              variant={absent.has(c) ? 'outlined' : 'filled'}
              color={absent.has(c) ? 'warning' : 'default'}
              sx={{ fontFamily: 'ui-monospace, monospace' }}
            />
          ))}
          {codes.length > 30 && (
            <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('playlists.import.more', { count: codes.length - 30 })}
            </Typography>
          )}
        </Box>
      )}
      {missing.length > 0 && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="import-missing">
          {t('playlists.import.missing', {
            count: missing.length,
            codes: missing.slice(0, 10).join(', ') + (missing.length > 10 ? ' …' : ''),
            kept: codes.length - missing.length,
          })}
        </Typography>
      )}
    </Box>
  );
}
