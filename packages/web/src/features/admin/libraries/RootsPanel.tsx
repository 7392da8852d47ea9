import AddIcon from '@mui/icons-material/CreateNewFolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useConsoleAction } from '../kit/useConsoleAction.ts';
import { FolderPickerDialog } from './FolderPickerDialog.tsx';
import { fetchRoots, type LibraryRoot, removeRoot, renameRoot } from './librariesApi.ts';
import { ScheduleControl } from './ScheduleControl.tsx';

/** The library roots: where each comes from, its works; console roots can be renamed or removed. */
export function RootsPanel() {
  const { t } = useTranslation();
  const roots = useQuery({ queryKey: queryKeys.console.roots, queryFn: ({ signal }) => fetchRoots(signal) });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<LibraryRoot | null>(null);
  const [removing, setRemoving] = useState<LibraryRoot | null>(null);
  const [newName, setNewName] = useState('');
  const rename = useConsoleAction({
    run: ({ id, name }: { id: number; name: string }) => renameRoot(id, name),
    invalidates: [queryKeys.console.roots],
  });
  const remove = useConsoleAction({ run: removeRoot, invalidates: [queryKeys.console.roots] });

  return (
    <Box component="section" sx={{ mb: 4 }} aria-labelledby="roots-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="roots-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('admin.libraries.roots')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid="add-root"
        >
          {t('admin.libraries.add')}
        </Button>
      </Box>
      {roots.isPending && <Skeleton variant="rounded" height={72} />}
      {roots.data?.roots.length === 0 && <Alert severity="info">{t('admin.libraries.noRoots')}</Alert>}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {roots.data?.roots.map((r) => (
          <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="library-root">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{r.name}</Typography>
              <Chip
                label={t(`admin.libraries.source.${r.source}`)}
                color={r.source === 'console' ? 'primary' : 'default'}
                variant="outlined"
              />
              <Typography color="text.secondary" variant="body2">
                {t('admin.libraries.works', { count: r.works })}
              </Typography>
              <Box sx={{ flex: 1 }} />
              {r.source === 'console' && (
                <>
                  <Button
                    size="small"
                    onClick={() => {
                      setNewName(r.name);
                      setRenaming(r);
                    }}
                  >
                    {t('admin.libraries.rename')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(r)}>
                    {t('admin.libraries.remove')}
                  </Button>
                </>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', mt: 0.5 }}>
              {r.path}
            </Typography>
            {r.source === 'environment' && (
              <Typography variant="caption" color="text.secondary">
                {t('admin.libraries.readOnly')}
              </Typography>
            )}
            {r.source === 'demo' && (
              <Typography variant="caption" color="text.secondary">
                {t('admin.libraries.demoHint')}
              </Typography>
            )}
            <ScheduleControl root={r} override={roots.data?.scheduleOverride ?? null} />
            {!r.available && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('admin.libraries.unavailable')}
              </Alert>
            )}
          </Paper>
        ))}
      </Box>
      {adding && <FolderPickerDialog open onClose={() => setAdding(false)} />}
      <Dialog open={renaming !== null} onClose={() => setRenaming(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('admin.libraries.renameTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            label={t('admin.libraries.displayName')}
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRenaming(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!newName.trim() || rename.isPending}
            onClick={() => {
              if (renaming) {
                rename.mutate(
                  { id: renaming.id, name: newName.trim() },
                  { onSuccess: () => setRenaming(null) },
                );
              }
            }}
          >
            {t('admin.libraries.rename')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('admin.libraries.removeTitle', { name: removing?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('admin.libraries.removeText', { count: removing?.works ?? 0 })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={remove.isPending}
            onClick={() => {
              if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
            }}
          >
            {t('admin.libraries.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
