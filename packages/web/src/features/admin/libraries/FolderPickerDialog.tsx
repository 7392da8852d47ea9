import UpIcon from '@mui/icons-material/ArrowUpward';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText } from '../../../shared/api/errors.ts';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { addRoot, fetchFolders } from './librariesApi.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/** Picks a folder on the server (folder names only) and adds it as a library root. */
export function FolderPickerDialog({ open, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const full = useMediaQuery((th) => th.breakpoints.down('sm'), { noSsr: true });
  const [path, setPath] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listing = useQuery({
    queryKey: queryKeys.console.folders(path ?? ''),
    queryFn: ({ signal }) => fetchFolders(path, signal),
    enabled: open,
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (listing.data) setTyped(listing.data.path);
  }, [listing.data]);

  const go = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setPath(typed.trim() || undefined);
  };
  const add = async () => {
    if (!listing.data) return;
    setBusy(true);
    setFailure(null);
    try {
      await addRoot(listing.data.path, name.trim() || undefined);
      onAdded();
      onClose();
    } catch (err) {
      setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={full}>
      <DialogTitle>{t('admin.libraries.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('admin.libraries.addHint')}
        </Typography>
        <Box component="form" onSubmit={go} sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <IconButton
            aria-label={t('admin.libraries.up')}
            disabled={!listing.data?.parent}
            onClick={() => setPath(listing.data?.parent ?? undefined)}
          >
            <UpIcon />
          </IconButton>
          <TextField
            size="small"
            fullWidth
            label={t('admin.libraries.folder')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'folder-path' } }}
          />
          <Button type="submit" variant="outlined">
            {t('admin.libraries.open')}
          </Button>
        </Box>
        {listing.isFetching && <LinearProgress />}
        {listing.error && <Alert severity="warning">{errorText(listing.error, t)}</Alert>}
        {listing.data && (
          <List dense sx={{ maxHeight: 320, overflow: 'auto' }} data-testid="folder-list">
            {listing.data.folders.length === 0 && (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t('admin.libraries.noSubfolders')}
              </Typography>
            )}
            {listing.data.folders.map((f) => (
              <ListItemButton key={f.path} onClick={() => setPath(f.path)}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <FolderIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={f.name} slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }} />
              </ListItemButton>
            ))}
            {listing.data.truncated && (
              <Typography variant="caption" color="text.secondary" sx={{ p: 2 }}>
                {t('admin.libraries.truncated')}
              </Typography>
            )}
          </List>
        )}
        <TextField
          size="small"
          fullWidth
          sx={{ mt: 2 }}
          label={t('admin.libraries.displayName')}
          helperText={t('admin.libraries.displayNameHint')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="add-root-error">
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!listing.data || busy} onClick={add}>
          {t('admin.libraries.addThis')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
