/**
 * Site settings: stored on the server and applied at once. A setting its environment variable
 * sets is shown read-only with the variable's name; one changed here can go back to its default.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { consoleApi, type SettingInfo } from '../consoleApi.ts';
import { SectionCard } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';

const GROUPS = [
  [
    'access',
    ['registrationEnabled', 'registrationLimit', 'anonymousMedia', 'guestRateLimit', 'subtitleQuotaMb'],
  ],
  ['maintenance', ['maintenance', 'maintenanceClosed', 'maintenanceHtml']],
  ['network', ['publicUrl', 'trustProxy']],
  ['mail', ['smtpUrl', 'mailFrom']],
  ['monitoring', ['metricsToken']],
  ['backups', ['backupIntervalHours', 'backupKeep']],
] as const;

/** What an input holds for a setting, as text for the text fields. */
function draftOf(s: SettingInfo): unknown {
  if (s.kind === 'secret') return '';
  if (s.kind === 'list') return (s.value as string[]).join(', ');
  return s.value;
}

/** The value to send for what the input holds. */
function sentValue(s: SettingInfo, draft: unknown): unknown {
  if (s.kind === 'list') {
    return String(draft)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  }
  if (s.kind === 'integer') return Number(draft);
  return draft;
}

function SettingField({
  s,
  draft,
  onDraft,
  onReset,
}: {
  s: SettingInfo;
  draft: unknown;
  onDraft: (v: unknown) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`admin.settings.keys.${s.key}.label`);
  const help = t(`admin.settings.keys.${s.key}.help`);
  const locked = s.overridden;
  const input =
    s.kind === 'boolean' ? (
      <FormControlLabel
        control={<Switch checked={!!draft} disabled={locked} onChange={(e) => onDraft(e.target.checked)} />}
        label={label}
      />
    ) : (
      <TextField
        fullWidth
        size="small"
        label={label}
        disabled={locked}
        value={String(draft ?? '')}
        type={s.kind === 'integer' ? 'number' : s.kind === 'secret' ? 'password' : 'text'}
        multiline={s.key === 'maintenanceHtml'}
        minRows={s.key === 'maintenanceHtml' ? 3 : undefined}
        placeholder={s.kind === 'secret' && s.isSet ? t('admin.settings.secretKept') : undefined}
        autoComplete="off"
        onChange={(e) => onDraft(e.target.value)}
      />
    );
  return (
    <Box sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }} data-testid={`setting-${s.key}`}>
      {input}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {help}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
        {locked && (
          <Chip
            size="small"
            color="info"
            label={t('admin.settings.fromEnv', { env: s.env })}
            data-testid="env-chip"
          />
        )}
        {!locked && s.kind === 'secret' && (
          <Chip
            size="small"
            color={s.isSet ? 'success' : 'default'}
            label={s.isSet ? t('admin.settings.secretSet') : t('admin.settings.secretUnset')}
          />
        )}
        {!locked && s.stored && (
          <Button size="small" onClick={onReset}>
            {t('admin.settings.useDefault')}
          </Button>
        )}
        {!locked && !s.stored && s.kind !== 'secret' && (
          <Typography variant="caption" color="text.secondary">
            {t('admin.settings.isDefault', { env: s.env })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function TestMail() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  // A test mail changes nothing on this page.
  const send = useConsoleAction({
    run: (address: string) => consoleApi.testMail(address),
    invalidates: [],
    done: () => t('admin.settings.testMailSent'),
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="email"
        label={t('admin.settings.testMailTo')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        sx={{ flex: '1 1 220px' }}
      />
      <Button
        variant="outlined"
        disabled={send.isPending || !to.trim()}
        onClick={() => send.mutate(to.trim())}
      >
        {t('admin.settings.testMail')}
      </Button>
    </Box>
  );
}

export function SettingsSection() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: queryKeys.console.settings,
    queryFn: ({ signal }) => consoleApi.settings(signal),
  });
  const [drafts, setDrafts] = useState<Record<string, unknown>>({});
  const save = useConsoleAction({
    run: consoleApi.updateSettings,
    invalidates: [queryKeys.console.settings],
    done: () => t('admin.settings.saved'),
  });
  // The drafts are done with once the settings are read again: the fields then show them as saved.
  const saveChanges = (changes: Record<string, unknown>) =>
    save.mutate(changes, { onSuccess: () => setDrafts({}) });
  const busy = save.isPending;
  const byKey = new Map((q.data?.settings ?? []).map((s) => [s.key, s]));
  const changed = Object.keys(drafts).filter((k) => {
    const s = byKey.get(k);
    return s && JSON.stringify(sentValue(s, drafts[k])) !== JSON.stringify(sentValue(s, draftOf(s)));
  });
  if (!q.data) {
    return (
      <SectionCard>
        {placeholders(4).map((k) => (
          <Skeleton key={k} height={56} />
        ))}
      </SectionCard>
    );
  }
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.settings.intro')}
      </Typography>
      {GROUPS.map(([group, keys]) => (
        <SectionCard key={group} title={t(`admin.settings.groups.${group}`)}>
          {keys.map((key) => {
            const s = byKey.get(key);
            if (!s) return null;
            return (
              <SettingField
                key={key}
                s={s}
                draft={key in drafts ? drafts[key] : draftOf(s)}
                onDraft={(v) => setDrafts((d) => ({ ...d, [key]: v }))}
                onReset={() => saveChanges({ [key]: null })}
              />
            );
          })}
          {group === 'mail' && <TestMail />}
        </SectionCard>
      ))}
      {changed.length > 0 && (
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            py: 1.5,
            display: 'flex',
            gap: 1,
            justifyContent: 'flex-end',
            bgcolor: 'background.default',
          }}
        >
          <Button disabled={busy} onClick={() => setDrafts({})}>
            {t('admin.settings.discard')}
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              const s = (k: string) => byKey.get(k) as SettingInfo;
              saveChanges(Object.fromEntries(changed.map((k) => [k, sentValue(s(k), drafts[k])])));
            }}
          >
            {t('admin.settings.save', { count: changed.length })}
          </Button>
        </Box>
      )}
    </>
  );
}
