import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useKeepsHistory, useListeningSettings, useSetRecordHistory } from './api.ts';

/** Pauses or resumes history recording (the history screen and the settings page); none for the guest. */
export function RecordHistorySwitch() {
  const { t } = useTranslation();
  const keeps = useKeepsHistory();
  const settings = useListeningSettings();
  const set = useSetRecordHistory();
  if (!keeps) return null;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={settings.data?.recordHistory ?? true}
          disabled={!settings.data || set.isPending}
          onChange={(e) => set.mutate(e.target.checked)}
          data-testid="history-record"
        />
      }
      label={t('listening.record')}
    />
  );
}
