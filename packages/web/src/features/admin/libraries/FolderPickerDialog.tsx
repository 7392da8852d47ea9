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
import { useConsoleAction } from '../kit/useConsoleAction.ts';
import { addRoot, fetchFolders } from './librariesApi.ts';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Picks a folder on the server (folder names only) and adds it as a library root. */
export function FolderPickerDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const full = useMediaQuery((th) => th.breakpoints.down('sm'), { noSsr: true });
  const [path, setPath] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  // Typed since the last folder was opened: a listing that arrives after the typing (the first
  // one, on a slow server) must not put its own path back in the field.
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const listing = useQuery({
    queryKey: queryKeys.console.folders(path ?? ''),
    queryFn: ({ signal }) => fetchFolders(path, signal),
    enabled: open,
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (listing.data && !editing) setTyped(listing.data.path);
  }, [listing.data, editing]);
  const open_ = (to: string | undefined) => {
    setEditing(false);
    setPath(to);
  };

  // The folder's refusal is said in the dialog (the call is silent), under the name field.
  const add = useConsoleAction({
    run: (root: { path: string; name?: string }) => addRoot(root.path, root.name),
    invalidates: [queryKeys.console.roots],
  });
  const failure = add.error ? errorText(add.error, t) : null;

  const go = (e: FormEvent) => {
    e.preventDefault();
    add.reset();
    open_(typed.trim() || undefined);
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
            onClick={() => open_(listing.data?.parent ?? undefined)}
          >
            <UpIcon />
          </IconButton>
          <TextField
            size="small"
            fullWidth
            label={t('admin.libraries.folder')}
            value={typed}
            onChange={(e) => {
              setEditing(true);
              setTyped(e.target.value);
            }}
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
              <ListItemButton key={f.path} onClick={() => open_(f.path)}>
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
        <Button
          variant="contained"
          disabled={!listing.data || add.isPending}
          onClick={() => {
            if (listing.data) {
              add.mutate({ path: listing.data.path, name: name.trim() || undefined }, { onSuccess: onClose });
            }
          }}
        >
          {t('admin.libraries.addThis')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
