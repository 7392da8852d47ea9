import ExpandIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, PLAYLIST_PRIVACY, type Playlist } from '@sasayaki/contract';
import { type FormEvent, useState } from 'react';
import { createPlaylist, editPlaylist } from '../../shared/api/playlistApi.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { DialogForm } from '../../shared/ui/DialogForm.tsx';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { ImportBox, importedCodes } from './ImportBox.tsx';

/** The dialog's order: public, known (unlisted), private. */
const PRIVACY_CHOICES = [
  PLAYLIST_PRIVACY.public,
  PLAYLIST_PRIVACY.unlisted,
  PLAYLIST_PRIVACY.private,
] as const;

type Privacy = (typeof PRIVACY_CHOICES)[number];
/** A privacy the dialog offers; a playlist's own (an integer in its answer) is one of them. */
const privacyOf = (value: number): Privacy =>
  PRIVACY_CHOICES.find((p) => p === value) ?? PLAYLIST_PRIVACY.private;

type Props =
  | { mode: 'create'; playlist?: undefined; onClose: (saved: Playlist | null) => void }
  | { mode: 'edit'; playlist: Playlist; onClose: (saved: Playlist | null) => void };

/**
 * Create or edit a playlist: name (required, 100 characters), privacy (public, unlisted, private;
 * a new one is private), and under the collapsed Advanced section the description and, when
 * creating, the import box. A system playlist keeps its name. Submit saves and closes.
 */
export function PlaylistDialog({ mode, playlist, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const system = playlist?.is_system === true;
  const [name, setName] = useState(playlist && !system ? playlist.name : '');
  const [privacy, setPrivacy] = useState<Privacy>(privacyOf(playlist?.privacy ?? PLAYLIST_PRIVACY.private));
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [importText, setImportText] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameError = !system && validated && name.trim() === '';

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setValidated(true);
    if (!system && name.trim() === '') return;
    setBusy(true);
    try {
      const saved =
        mode === 'create'
          ? await createPlaylist({
              name: name.trim(),
              privacy,
              description,
              locale: i18n.language,
              works: importedCodes(importText),
            })
          : await editPlaylist(playlist.id, {
              ...(system ? {} : { name: name.trim() }),
              privacy,
              description,
            });
      notify({
        type: 'positive',
        message: t(mode === 'create' ? 'playlists.dialog.created' : 'playlists.dialog.saved', {
          name: playlistDisplayName(saved.name, t),
        }),
      });
      onClose(saved);
    } catch {
      // the API client showed the server's message; the dialog keeps what was typed
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => onClose(null)}
      fullWidth
      maxWidth="sm"
      aria-labelledby="playlist-dialog-title"
    >
      <DialogForm onSubmit={submit}>
        <DialogTitle id="playlist-dialog-title">
          {mode === 'create' ? t('playlists.dialog.createTitle') : t('playlists.dialog.editTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('playlists.dialog.name')}
              value={system ? playlistDisplayName(playlist.name, t) : name}
              onChange={(e) => setName(e.target.value)}
              disabled={system}
              required
              error={nameError}
              helperText={
                nameError
                  ? t('playlists.dialog.nameRequired')
                  : system
                    ? t('playlists.dialog.systemName')
                    : `${name.length} / ${LIMITS.playlistName}`
              }
              slotProps={{ htmlInput: { maxLength: LIMITS.playlistName } }}
              autoFocus={!system}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{t('playlists.dialog.privacy')}</FormLabel>
              <RadioGroup
                value={String(privacy)}
                onChange={(e) => setPrivacy(privacyOf(Number(e.target.value)))}
              >
                {PRIVACY_CHOICES.map((p) => (
                  <FormControlLabel
                    key={p}
                    value={String(p)}
                    control={<Radio />}
                    sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                    label={
                      <Box>
                        <Typography sx={{ fontWeight: 600 }}>{t(`playlists.privacy.${p}`)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t(`playlists.privacyHelp.${p}`)}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            </Box>
            <Box>
              <Button
                onClick={() => setAdvanced((a) => !a)}
                aria-expanded={advanced}
                endIcon={
                  <ExpandIcon
                    sx={{ transform: advanced ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                  />
                }
              >
                {t('playlists.dialog.advanced')}
              </Button>
              <Collapse in={advanced} unmountOnExit>
                <Stack spacing={2} sx={{ pt: 1.5 }}>
                  <TextField
                    label={t('playlists.dialog.description')}
                    multiline
                    minRows={2}
                    value={description}
                    onChange={(e) => setDescription(e.target.value)}
                    helperText={`${description.length} / ${LIMITS.playlistDescription}`}
                    slotProps={{ htmlInput: { maxLength: LIMITS.playlistDescription } }}
                  />
                  {mode === 'create' && <ImportBox value={importText} onChange={setImportText} />}
                </Stack>
              </Collapse>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(null)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {mode === 'create' ? t('playlists.dialog.create') : t('common.save')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
