/**
 * Accounts: search and paging; change a group, see and end an account's signed-in devices, reset a
 * password, disable or enable, delete after saying what goes with it; and the switch of the
 * built-in guest account.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { USER_GROUPS, type UserGroup } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useAuth } from '../../account/index.ts';
import { CONSOLE_PAGE_SIZE, type ConsoleAccount, consoleApi } from '../consoleApi.ts';
import { ConsoleFilters } from '../kit/ConsoleFilters.tsx';
import { ConsoleList } from '../kit/ConsoleList.tsx';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { useConsoleList } from '../kit/useConsoleList.ts';
import { DeleteAccountDialog, ResetPasswordDialog } from './AccountDialogs.tsx';
import { AccountSessionsDialog } from './AccountSessionsDialog.tsx';
import { useAccountAction } from './useAccountAction.ts';

function GuestSwitch() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: queryKeys.console.accounts.guest,
    queryFn: ({ signal }) =>
      consoleApi.accounts({ page: 1, pageSize: CONSOLE_PAGE_SIZE, q: 'guest' }, signal),
  });
  const setDisabled = useAccountAction(({ id, disabled }: { id: number; disabled: boolean }) =>
    consoleApi.setDisabled(id, disabled),
  );
  const guest = q.data?.accounts.find((a) => a.builtin);
  if (!guest) return null;
  return (
    <SectionCard title={t('admin.accounts.guest.title')} testId="guest-switch">
      <FormControlLabel
        control={
          <Switch
            checked={!guest.disabled}
            disabled={setDisabled.isPending}
            onChange={(e) => setDisabled.mutate({ id: guest.id, disabled: !e.target.checked })}
          />
        }
        label={guest.disabled ? t('admin.accounts.guest.off') : t('admin.accounts.guest.on')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('admin.accounts.guest.help')}
      </Typography>
    </SectionCard>
  );
}

function AccountRow({
  a,
  self,
  onReset,
  onDelete,
  onSessions,
}: {
  a: ConsoleAccount;
  self: boolean;
  onReset: () => void;
  onDelete: () => void;
  onSessions: () => void;
}) {
  const { t, i18n } = useTranslation();
  const setGroup = useAccountAction(
    (group: UserGroup) => consoleApi.setGroup(a.id, group),
    () => t('admin.accounts.groupChanged'),
  );
  const setDisabled = useAccountAction(
    (disabled: boolean) => consoleApi.setDisabled(a.id, disabled),
    (disabled) => t(disabled ? 'admin.accounts.disabledDone' : 'admin.accounts.enabled'),
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="account-row">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>{a.name}</Typography>
        {self && <Chip size="small" label={t('admin.accounts.you')} />}
        {a.disabled && <Chip size="small" color="warning" label={t('admin.accounts.disabled')} />}
        <Box sx={{ flex: 1 }} />
        <TextField
          select
          size="small"
          value={a.group}
          // The server refuses an administrator's own demotion: not offered either.
          disabled={a.builtin || self || setGroup.isPending}
          title={self ? t('admin.accounts.ownGroup') : undefined}
          label={t('admin.accounts.group')}
          sx={{ minWidth: 150 }}
          onChange={(e) => setGroup.mutate(e.target.value as UserGroup)}
        >
          {USER_GROUPS.filter((g) => g !== 'guest' || a.builtin).map((g) => (
            <MenuItem key={g} value={g}>
              {t(`admin.accounts.groups.${g}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
        {a.email ?? t('admin.accounts.noEmail')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('admin.accounts.dates', {
          created: dateTime(a.createdAt, i18n.language),
          seen: a.lastSeenAt === null ? t('admin.accounts.never') : dateTime(a.lastSeenAt, i18n.language),
        })}
      </Typography>
      {a.builtin ? (
        // The shared guest account has no password, and is switched on or off above.
        <Typography variant="caption" color="text.secondary" component="p" data-testid="guest-row-note">
          {t('admin.accounts.guestRow')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Button size="small" variant="outlined" onClick={onSessions}>
            {t('admin.accounts.sessions.open')}
          </Button>
          <Button size="small" variant="outlined" onClick={onReset}>
            {t('admin.accounts.resetPassword')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={a.disabled ? 'primary' : 'warning'}
            disabled={self || setDisabled.isPending}
            onClick={() => setDisabled.mutate(!a.disabled)}
          >
            {a.disabled ? t('admin.accounts.enable') : t('admin.accounts.disable')}
          </Button>
          <Button size="small" variant="outlined" color="error" disabled={self} onClick={onDelete}>
            {t('admin.accounts.delete')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

export function AccountsSection() {
  const { t } = useTranslation();
  const me = useAuth((s) => s.user?.name);
  const [resetting, setResetting] = useState<ConsoleAccount | null>(null);
  const [deleting, setDeleting] = useState<ConsoleAccount | null>(null);
  const [devices, setDevices] = useState<ConsoleAccount | null>(null);
  const list = useConsoleList({
    family: queryKeys.console.accounts.all,
    pageSize: CONSOLE_PAGE_SIZE,
    fetch: ({ page, pageSize, q }, signal) => consoleApi.accounts({ page, pageSize, q }, signal),
    rows: (answer) => answer.accounts,
  });
  return (
    <>
      <GuestSwitch />
      <SectionCard>
        <ConsoleFilters
          list={list}
          search={t('admin.accounts.search')}
          count={(n) => t('admin.accounts.count', { count: n })}
        />
        <ConsoleList
          list={list}
          rowKey={(a) => a.id}
          empty={t('admin.accounts.empty')}
          placeholder={{ count: 3, height: 110 }}
        >
          {(a) => (
            <AccountRow
              a={a}
              self={a.name === me}
              onReset={() => setResetting(a)}
              onDelete={() => setDeleting(a)}
              onSessions={() => setDevices(a)}
            />
          )}
        </ConsoleList>
      </SectionCard>
      {resetting && <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />}
      {deleting && <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />}
      {devices && <AccountSessionsDialog account={devices} onClose={() => setDevices(null)} />}
    </>
  );
}
