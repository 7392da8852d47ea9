/**
 * The community subtitles waiting for review (docs/subtitles.md), oldest first: each with its
 * work, track, language, contributor and note; its text beside the track's audio, editable, so
 * a reviewer can accept it as sent, accept a corrected text, or reject it with a reason the
 * contributor reads. Cue text is shown as text, never as markup.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SUBTITLE_LIMITS } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { urlOf } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { consoleApi, type SubtitleContribution } from '../consoleApi.ts';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';

/** The text beside the track's audio; edited, it is sent as the corrected version. */
function Review({ s, onDone }: { s: SubtitleContribution; onDone: () => void }) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: [...queryKeys.console.subtitles, 'text', s.id],
    queryFn: () => consoleApi.subtitleText(s.id),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const original = typeof text.data === 'string' ? text.data : '';
  const edited = draft !== null && draft !== original;
  const accept = useConsoleAction({
    run: () => consoleApi.acceptSubtitle(s.id, edited ? (draft ?? undefined) : undefined),
    invalidates: [queryKeys.console.subtitles],
    done: () => t(edited ? 'admin.subtitles.acceptedCorrected' : 'admin.subtitles.accepted'),
  });
  const reject = useConsoleAction({
    run: () => consoleApi.rejectSubtitle(s.id, reason.trim()),
    invalidates: [queryKeys.console.subtitles],
    done: () => t('admin.subtitles.rejected'),
  });
  const busy = accept.isPending || reject.isPending;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 1.5 }}>
      <audio
        controls
        preload="none"
        src={urlOf('GET /api/media/stream/:id', { params: { id: String(s.fileId) } })}
        style={{ width: '100%' }}
      >
        <track kind="captions" />
      </audio>
      {text.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <TextField
          multiline
          minRows={6}
          maxRows={16}
          label={t('admin.subtitles.text')}
          value={draft ?? original}
          onChange={(e) => setDraft(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'subtitle-text', spellCheck: false } }}
          helperText={edited ? t('admin.subtitles.editedHint') : t('admin.subtitles.editHint')}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.85rem' } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Button
          variant="contained"
          color="success"
          disabled={busy || text.isPending}
          onClick={() => accept.mutate(undefined, { onSuccess: onDone })}
        >
          {t(edited ? 'admin.subtitles.acceptCorrected' : 'admin.subtitles.accept')}
        </Button>
        <TextField
          size="small"
          label={t('admin.subtitles.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: SUBTITLE_LIMITS.noteChars } }}
          sx={{ flex: '1 1 220px' }}
        />
        <Button
          variant="outlined"
          color="warning"
          disabled={busy || !reason.trim()}
          onClick={() => reject.mutate(undefined, { onSuccess: onDone })}
        >
          {t('admin.subtitles.reject')}
        </Button>
      </Box>
    </Box>
  );
}

function QueueRow({ s }: { s: SubtitleContribution }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="subtitle-row">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, wordBreak: 'break-word', flex: '1 1 auto', minWidth: 0 }}>
          {s.workTitle} · {s.trackTitle}
        </Typography>
        <Chip size="small" label={s.language} />
        <Chip size="small" variant="outlined" label={s.format.toUpperCase()} />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('admin.subtitles.meta', {
          name: s.name,
          contributor: s.contributor,
          at: dateTime(s.createdAt, i18n.language),
          cues: s.cues,
        })}
      </Typography>
      {s.note && (
        <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          {t('admin.subtitles.note', { note: s.note })}
        </Typography>
      )}
      {open ? (
        <Review s={s} onDone={() => setOpen(false)} />
      ) : (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          {t('admin.subtitles.review')}
        </Button>
      )}
    </Paper>
  );
}

export function SubtitleQueueSection() {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: queryKeys.console.subtitles,
    queryFn: ({ signal }) => consoleApi.subtitleQueue(signal),
    refetchOnMount: 'always',
  });
  return (
    <SectionCard title={t('admin.subtitles.queue')} testId="subtitle-queue">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.subtitles.intro')}
      </Typography>
      {list.isPending &&
        placeholders(2).map((k) => <Skeleton key={k} variant="rounded" height={80} sx={{ mb: 1 }} />)}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {list.data?.contributions.map((s) => (
          <QueueRow key={s.id} s={s} />
        ))}
      </Box>
      {list.data?.contributions.length === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 3 }}>
          {t('admin.subtitles.empty')}
        </Typography>
      )}
    </SectionCard>
  );
}
