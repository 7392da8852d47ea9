/** The audit log: every administrator action, newest first, filtered by who or what. */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import type { TFunction } from '../../../shared/i18n/index.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { useDebounced } from '../../../shared/ui/useDebounced.ts';
import { type AuditEntry, consoleApi } from '../consoleApi.ts';
import { dateTime, Pager, SectionCard } from '../consoleUi.tsx';

/** Detail keys the log names in words; others (a setting's key, say) are shown as stored. */
const NAMED_DETAILS = new Set([
  'group',
  'full',
  'delivery',
  'userId',
  'workId',
  'tagId',
  'id',
  'expiresAt',
  'createdBy',
]);

/**
 * The details of an entry as `name: value` pairs, short enough for a line: known keys and their
 * values in the page's language, times (`…At`, in milliseconds) as local dates.
 */
export function detailText(details: AuditEntry['details'], t: TFunction, locale: string): string {
  const name = (k: string) => (NAMED_DETAILS.has(k) ? t(`admin.audit.details.${k}`) : k);
  const value = (k: string, v: unknown) => {
    if (k.endsWith('At') && typeof v === 'number') return dateTime(v, locale);
    if (typeof v === 'boolean') return t(v ? 'admin.audit.values.yes' : 'admin.audit.values.no');
    if (k === 'group' && (v === 'user' || v === 'guest' || v === 'administrator'))
      return t(`admin.accounts.groups.${v}`);
    if (k === 'delivery' && (v === 'mail' || v === 'shown')) return t(`admin.audit.values.delivery.${v}`);
    return typeof v === 'string' ? v : JSON.stringify(v);
  };
  return Object.entries(details)
    .map(([k, v]) => `${name(k)}: ${value(k, v)}`)
    .join(' · ')
    .slice(0, 300);
}

export function AuditSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [actorInput, setActorInput] = useState('');
  const [action, setAction] = useState('');
  const actor = useDebounced(actorInput.trim(), 300);
  const q = useQuery({
    queryKey: queryKeys.console.audit(page, actor, action),
    queryFn: ({ signal }) => consoleApi.audit(page, { actor, action }, signal),
    placeholderData: keepPreviousData,
  });
  const total = q.data?.pagination.totalCount ?? 0;
  const actionLabel = (a: string) => t(`admin.audit.actions.${a}`, { defaultValue: a });
  return (
    <SectionCard>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          label={t('admin.audit.actor')}
          value={actorInput}
          onChange={(e) => {
            setActorInput(e.target.value);
            setPage(1);
          }}
          sx={{ flex: '1 1 180px', maxWidth: 300 }}
        />
        <TextField
          select
          size="small"
          label={t('admin.audit.action')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(1);
          }}
          sx={{ flex: '1 1 180px', maxWidth: 300 }}
        >
          <MenuItem value="">{t('admin.audit.allActions')}</MenuItem>
          {(q.data?.actions ?? []).map((a) => (
            <MenuItem key={a} value={a}>
              {actionLabel(a)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {q.data && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('admin.audit.count', { count: total })}
        </Typography>
      )}
      {q.isPending &&
        placeholders(4).map((k) => <Skeleton key={k} variant="rounded" height={64} sx={{ mb: 1 }} />)}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {q.data?.entries.map((e) => (
          <Paper key={e.id} variant="outlined" sx={{ p: 1.25 }} data-testid="audit-entry">
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 700 }}>{e.actor || t('admin.audit.system')}</Typography>
              <Typography>{actionLabel(e.action)}</Typography>
              {e.target && (
                <Typography color="primary" sx={{ wordBreak: 'break-all' }}>
                  {e.target}
                </Typography>
              )}
              <Box sx={{ flex: 1 }} />
              <Typography variant="caption" color="text.secondary">
                {dateTime(e.at, i18n.language)}
              </Typography>
            </Box>
            {Object.keys(e.details).length > 0 && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ wordBreak: 'break-word', fontFamily: 'monospace' }}
              >
                {detailText(e.details, t, i18n.language)}
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
      {q.data && total === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
          {t('admin.audit.empty')}
        </Typography>
      )}
      <Pager total={total} page={page} onPage={setPage} />
    </SectionCard>
  );
}
