/**
 * Accounts: search and paging; change a group, reset a password, disable or enable, delete after
 * saying what goes with it; and the switch of the built-in guest account.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { USER_GROUPS, type UserGroup } from '@sasayaki/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { useDebounced } from '../../../shared/ui/useDebounced.ts';
import { useAuth } from '../../account/index.ts';
import { type ConsoleAccount, consoleApi } from '../consoleApi.ts';
import { act, dateTime, Pager, SectionCard } from '../consoleUi.tsx';
import { DeleteAccountDialog, ResetPasswordDialog } from './AccountDialogs.tsx';

function GuestSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: queryKeys.console.accounts.guest,
    queryFn: ({ signal }) => consoleApi.accounts(1, 'guest', signal),
  });
  const guest = q.data?.accounts.find((a) => a.builtin);
  if (!guest) return null;
  return (
    <SectionCard title={t('admin.accounts.guest.title')} testId="guest-switch">
      <FormControlLabel
        control={
          <Switch
            checked={!guest.disabled}
            onChange={async (e) => {
              await act(t, () => consoleApi.setDisabled(guest.id, !e.target.checked));
              void queryClient.invalidateQueries({ queryKey: queryKeys.console.accounts.all });
            }}
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
}: {
  a: ConsoleAccount;
  self: boolean;
  onReset: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.accounts.all });
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
          disabled={a.builtin}
          label={t('admin.accounts.group')}
          sx={{ minWidth: 150 }}
          onChange={async (e) => {
            await act(
              t,
              () => consoleApi.setGroup(a.id, e.target.value as UserGroup),
              t('admin.accounts.groupChanged'),
            );
            void refresh();
          }}
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
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button size="small" variant="outlined" disabled={a.builtin} onClick={onReset}>
          {t('admin.accounts.resetPassword')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color={a.disabled ? 'primary' : 'warning'}
          disabled={self}
          onClick={async () => {
            const done = a.disabled ? t('admin.accounts.enabled') : t('admin.accounts.disabledDone');
            await act(t, () => consoleApi.setDisabled(a.id, !a.disabled), done);
            void refresh();
          }}
        >
          {a.disabled ? t('admin.accounts.enable') : t('admin.accounts.disable')}
        </Button>
        <Button size="small" variant="outlined" color="error" disabled={a.builtin || self} onClick={onDelete}>
          {t('admin.accounts.delete')}
        </Button>
      </Box>
    </Paper>
  );
}

export function AccountsSection() {
  const { t } = useTranslation();
  const me = useAuth((s) => s.user?.name);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [resetting, setResetting] = useState<ConsoleAccount | null>(null);
  const [deleting, setDeleting] = useState<ConsoleAccount | null>(null);
  const q = useDebounced(search.trim(), 300);
  const list = useQuery({
    queryKey: queryKeys.console.accounts.page(page, q),
    queryFn: ({ signal }) => consoleApi.accounts(page, q, signal),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.pagination.totalCount ?? 0;
  return (
    <>
      <GuestSwitch />
      <SectionCard>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('admin.accounts.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            sx={{ flex: '1 1 220px', maxWidth: 420 }}
          />
          {/* No count before the answer: "0 accounts" beside the placeholders would be wrong. */}
          {list.data && (
            <Typography color="text.secondary">{t('admin.accounts.count', { count: total })}</Typography>
          )}
        </Box>
        {list.isPending &&
          placeholders(3).map((k) => <Skeleton key={k} variant="rounded" height={110} sx={{ mb: 1 }} />)}
        <Box sx={{ display: 'grid', gap: 1 }}>
          {list.data?.accounts.map((a) => (
            <AccountRow
              key={a.id}
              a={a}
              self={a.name === me}
              onReset={() => setResetting(a)}
              onDelete={() => setDeleting(a)}
            />
          ))}
        </Box>
        {list.data && total === 0 && (
          <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
            {t('admin.accounts.empty')}
          </Typography>
        )}
        <Pager total={total} page={page} onPage={setPage} />
      </SectionCard>
      {resetting && <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />}
      {deleting && <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
