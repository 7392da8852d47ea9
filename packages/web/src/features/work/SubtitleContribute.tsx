/**
 * Community subtitles on a work page (docs/subtitles.md): "subtitles wanted" where no track has
 * any, and a dialog to send subtitle files or a zip of them for review: each file matched to a
 * track (the sender may choose another), previewed against the track's audio in the player's
 * lyrics preview, with a language and a note.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SUBTITLE_LANGUAGES, SUBTITLE_LIMITS, type TrackNode, type Work } from '@sasayaki/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../account/index.ts';
import { previewLyrics, usePlayerStore } from '../player/index.ts';
import { audioFilesOf, base64Of, fileIdOf, type PreparedSubtitle, prepareFiles } from './subtitleUpload.ts';

type WorkLike = Pick<Work, 'id' | 'title'> & Parameters<typeof previewLyrics>[1];

const defaultLanguage = (ui: string) =>
  (SUBTITLE_LANGUAGES as readonly string[]).find((l) => l === ui) ?? 'en';

export function SubtitleUploadDialog({
  work,
  tree,
  onClose,
}: {
  work: WorkLike;
  tree: readonly TrackNode[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tracks = useMemo(() => audioFilesOf(tree), [tree]);
  const [items, setItems] = useState<(PreparedSubtitle & { key: number })[]>([]);
  const nextKey = useRef(0);
  const [language, setLanguage] = useState(() => defaultLanguage(i18n.language));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const sendable = items.filter((i) => !i.refusal && i.trackHash);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const read = await Promise.all(
      files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const prepared = prepareFiles(read, tracks).map((p) => ({ ...p, key: nextKey.current++ }));
    setItems((prev) => [...prev, ...prepared].slice(0, SUBTITLE_LIMITS.files));
  };
  const setTrack = (index: number, hash: string) =>
    setItems((prev) => prev.map((it, i) => (i === index ? { ...it, trackHash: hash } : it)));
  const preview = (it: PreparedSubtitle) => {
    const track = tracks.find((tr) => tr.hash === it.trackHash);
    if (!track) return;
    previewLyrics(track, work);
    usePlayerStore.getState().addLocalLyric(track.hash, { title: it.name, content: it.text });
  };
  const send = async () => {
    setBusy(true);
    try {
      await call('POST /api/subtitles/work/:id', {
        params: { id: String(work.id) },
        body: {
          language,
          note: note.trim() || undefined,
          files: sendable.map((it) => ({
            name: it.name,
            data: base64Of(it.text),
            fileId: fileIdOf(it.trackHash),
          })),
        },
      });
      notify({ type: 'positive', message: t('work.subtitles.sent', { count: sendable.length }) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tracks(work.id) });
      void queryClient.invalidateQueries({ queryKey: MINE_KEY });
      onClose();
    } catch {
      // The API client showed the server's reason (naming the file); the dialog stays for a fix.
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('work.subtitles.uploadTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('work.subtitles.uploadIntro', { lines: SUBTITLE_LIMITS.lines })}
          </Typography>
          <Box>
            <Button variant="outlined" component="label">
              {t('work.subtitles.choose')}
              <input
                hidden
                type="file"
                multiple
                accept=".lrc,.vtt,.srt,.ass,.zip"
                data-testid="subtitle-files"
                onChange={pick}
              />
            </Button>
          </Box>
          {items.map((it, i) => (
            <Paper key={it.key} variant="outlined" sx={{ p: 1.5 }} data-testid="subtitle-item">
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 700, wordBreak: 'break-word', flex: '1 1 200px' }}>
                  {it.name}
                </Typography>
                {it.refusal ? (
                  <Alert severity="error" sx={{ py: 0 }}>
                    {t(`work.subtitles.refusal.${it.refusal}`)}
                  </Alert>
                ) : (
                  <>
                    <Typography variant="caption" color="text.secondary">
                      {t('work.subtitles.lines', { count: it.cues.length })}
                    </Typography>
                    <TextField
                      select
                      size="small"
                      label={t('work.subtitles.track')}
                      value={it.trackHash}
                      onChange={(e) => setTrack(i, e.target.value)}
                      error={!it.trackHash}
                      helperText={it.trackHash ? undefined : t('work.subtitles.chooseTrack')}
                      sx={{ minWidth: 220 }}
                    >
                      {tracks.map((tr) => (
                        <MenuItem key={tr.hash} value={tr.hash}>
                          {tr.title}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Button size="small" disabled={!it.trackHash} onClick={() => preview(it)}>
                      {t('work.subtitles.preview')}
                    </Button>
                  </>
                )}
              </Box>
            </Paper>
          ))}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t('work.subtitles.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              sx={{ minWidth: 180 }}
            >
              {SUBTITLE_LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`work.subtitles.languages.${l}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('work.subtitles.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: SUBTITLE_LIMITS.noteChars } }}
              sx={{ flex: '1 1 240px' }}
            />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={send} disabled={busy || sendable.length === 0}>
          {t('work.subtitles.send', { count: sendable.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const MINE_KEY = ['subtitles', 'mine'] as const;
const STATUS_COLOR = {
  pending: 'default',
  accepted: 'success',
  rejected: 'warning',
  superseded: 'default',
} as const;

/** The viewer's own contributions to this work, with the review's outcome and any reason. */
function MyContributions({ workId }: { workId: number }) {
  const { t } = useTranslation();
  const mine = useQuery({
    queryKey: MINE_KEY,
    queryFn: ({ signal }) => call('GET /api/subtitles/mine', {}, { signal, silent: true }),
  });
  const here = (mine.data?.contributions ?? []).filter((c) => c.workId === workId);
  if (here.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 0.5 }} data-testid="my-subtitles">
      <Typography variant="subtitle2">{t('work.subtitles.mine')}</Typography>
      {here.map((c) => (
        <Box key={c.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {c.name} → {c.trackTitle} ({c.language})
          </Typography>
          <Chip size="small" color={STATUS_COLOR[c.status]} label={t(`work.subtitles.status.${c.status}`)} />
          {c.reason && (
            <Typography variant="body2" color="text.secondary">
              {t('work.subtitles.reason', { reason: c.reason })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The work page's card: whether subtitles are wanted, the viewer's own, and the way to send some. */
export function CommunitySubtitles({ work, tree }: { work: WorkLike; tree: readonly TrackNode[] }) {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const [open, setOpen] = useState(false);
  const audio = audioFilesOf(tree);
  if (audio.length === 0) return null;
  const wanted = audio.every((f) => (f.availableLyrics ?? []).length === 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} data-testid="community-subtitles">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ flex: '1 1 240px' }}>
          {wanted ? t('work.subtitles.wanted') : t('work.subtitles.more')}
        </Typography>
        <Button
          variant={wanted ? 'contained' : 'outlined'}
          onClick={() => (loggedIn ? setOpen(true) : openLoginDialog())}
        >
          {t('work.subtitles.contribute')}
        </Button>
      </Box>
      {loggedIn && <MyContributions workId={work.id} />}
      {open && <SubtitleUploadDialog work={work} tree={tree} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
