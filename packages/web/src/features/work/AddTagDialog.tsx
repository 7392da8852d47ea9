import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { EntityCount } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { useTagName } from '../catalogue/index.ts';
import { useEntityList } from '../search/index.ts';
import { attachTags } from './workApi.ts';

/** Picks existing tags to attach to the work (POST /api/vote/attach-tags-to-work). */
export function AddTagDialog({
  workId,
  existing,
  onClose,
}: {
  workId: number;
  existing: number[];
  onClose: (added: boolean) => void;
}) {
  const { t } = useTranslation();
  const tags = useEntityList('tags');
  const nameOf = useTagName();
  const [chosen, setChosen] = useState<EntityCount[]>([]);
  const [busy, setBusy] = useState(false);
  const options = (tags.data ?? []).filter((x) => !existing.includes(Number(x.id)));
  const submit = async () => {
    setBusy(true);
    try {
      await attachTags(
        workId,
        chosen.map((c) => Number(c.id)),
      );
      notify({ type: 'positive', message: t('work.tagsAdded'), timeout: 1500 });
      onClose(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>{t('work.addTagTitle')}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          options={options}
          loading={tags.isPending}
          getOptionLabel={(o) => nameOf(o)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={chosen}
          onChange={(_, v) => setChosen(v)}
          renderInput={(p) => <TextField {...p} label={t('work.tagsToAdd')} autoFocus sx={{ mt: 1 }} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy || chosen.length === 0} onClick={submit}>
          {t('work.addTag')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
