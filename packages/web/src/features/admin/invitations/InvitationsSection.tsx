/**
 * Invitations: make a one-time link (with a note and how long it stays open), see it once to
 * copy, and the list of earlier ones with their status; an open one can be revoked. Whoever opens
 * the link may register, also while registration is closed.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { InvitationStatus } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { notify } from '../../../shared/notify/store.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { consoleApi, type Invitation } from '../consoleApi.ts';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';

const DAYS = [1, 7, 30, 90] as const;

const STATUS_COLOR: Record<InvitationStatus, 'success' | 'default' | 'warning'> = {
  open: 'success',
  used: 'default',
  expired: 'warning',
  revoked: 'default',
};

export const invitationLink = (code: string) => `${window.location.origin}/invite/${code}`;

function NewInvitation() {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [days, setDays] = useState<number>(7);
  const create = useConsoleAction({
    run: () => consoleApi.createInvitation(note.trim(), days),
    invalidates: [queryKeys.console.invitations],
  });
  // The code is answered once: the link is shown until the next one is made.
  const link = create.data ? invitationLink(create.data.code) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(undefined, { onSuccess: () => setNote('') });
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify({ type: 'positive', message: t('admin.invitations.copied'), timeout: 2000 });
    } catch {
      // No clipboard (plain http): the field is selected for a manual copy.
    }
  };
  return (
    <SectionCard title={t('admin.invitations.new')} testId="invitation-new">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.invitations.intro')}
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('admin.invitations.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: '1 1 220px' }}
        />
        <TextField
          select
          size="small"
          label={t('admin.invitations.valid')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          sx={{ minWidth: 140 }}
        >
          {DAYS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('admin.invitations.days', { count: d })}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('admin.invitations.create')}
        </Button>
      </Box>
      {link && (
        <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('admin.invitations.made')}
          </Typography>
          <TextField
            fullWidth
            size="small"
            value={link}
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'invitation-link' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('admin.invitations.copy')}>
                      <IconButton edge="end" onClick={copy} aria-label={t('admin.invitations.copy')}>
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Alert>
      )}
    </SectionCard>
  );
}

function InvitationRow({ inv }: { inv: Invitation }) {
  const { t, i18n } = useTranslation();
  const revoke = useConsoleAction({
    run: () => consoleApi.revokeInvitation(inv.id),
    invalidates: [queryKeys.console.invitations],
    done: () => t('admin.invitations.revoked'),
  });
  const when = (ms: number | null) => dateTime(ms, i18n.language);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="invitation-row">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, wordBreak: 'break-word', flex: '1 1 auto', minWidth: 0 }}>
          {inv.note || t('admin.invitations.noNote', { id: inv.id })}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOR[inv.status]}
          variant={inv.status === 'open' ? 'filled' : 'outlined'}
          label={t(`admin.invitations.status.${inv.status}`)}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('admin.invitations.made_by', { name: inv.createdBy, at: when(inv.createdAt) })}
        {' · '}
        {inv.status === 'used'
          ? t('admin.invitations.usedBy', { name: inv.usedBy ?? '', at: when(inv.usedAt) })
          : t('admin.invitations.expires', { at: when(inv.expiresAt) })}
      </Typography>
      {inv.status === 'open' && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          sx={{ mt: 1 }}
          disabled={revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          {t('admin.invitations.revoke')}
        </Button>
      )}
    </Paper>
  );
}

export function InvitationsSection() {
  const { t } = useTranslation();
  // Invitations are used in other browsers: coming back to the section shows their state now.
  const list = useQuery({
    queryKey: queryKeys.console.invitations,
    queryFn: ({ signal }) => consoleApi.invitations(signal),
    refetchOnMount: 'always',
  });
  return (
    <>
      <NewInvitation />
      <SectionCard title={t('admin.invitations.list')} testId="invitation-list">
        {list.isPending &&
          placeholders(2).map((k) => <Skeleton key={k} variant="rounded" height={80} sx={{ mb: 1 }} />)}
        <Box sx={{ display: 'grid', gap: 1 }}>
          {list.data?.invitations.map((inv) => (
            <InvitationRow key={inv.id} inv={inv} />
          ))}
        </Box>
        {list.data?.invitations.length === 0 && (
          <Typography align="center" color="text.secondary" sx={{ py: 3 }}>
            {t('admin.invitations.empty')}
          </Typography>
        )}
      </SectionCard>
    </>
  );
}
