/** The audit log: every administrator action, newest first, filtered by who or what. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import type { TFunction } from '../../../shared/i18n/index.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { type AuditEntry, CONSOLE_PAGE_SIZE, consoleApi } from '../consoleApi.ts';
import { ConsoleFilters } from '../kit/ConsoleFilters.tsx';
import { ConsoleList } from '../kit/ConsoleList.tsx';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { anyText } from '../kit/listFilters.ts';
import { useConsoleList } from '../kit/useConsoleList.ts';

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

function AuditEntryRow({ entry: e, actionLabel }: { entry: AuditEntry; actionLabel: (a: string) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.25 }} data-testid="audit-entry">
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
  );
}

export function AuditSection() {
  const { t } = useTranslation();
  const list = useConsoleList({
    family: queryKeys.console.audit,
    // The actions to filter by are those the log holds (the answer lists them).
    filters: { action: anyText },
    pageSize: CONSOLE_PAGE_SIZE,
    fetch: ({ page, pageSize, q, filters }, signal) =>
      consoleApi.audit({ page, pageSize, actor: q, action: filters.action || undefined }, signal),
    rows: (answer) => answer.entries,
  });
  const actionLabel = (a: string) => t(`admin.audit.actions.${a}`, { defaultValue: a });
  const actions = [
    { value: '', label: t('admin.audit.allActions') },
    // The chosen action stays a choice, in words, while the answer lists only those the log holds.
    ...[...new Set([...(list.data?.actions ?? []), list.filters.action])]
      .filter(Boolean)
      .map((a) => ({ value: a, label: actionLabel(a) })),
  ];
  return (
    <SectionCard>
      <ConsoleFilters
        list={list}
        search={t('admin.audit.actor')}
        controls={[{ kind: 'select', name: 'action', label: t('admin.audit.action'), options: actions }]}
        count={(n) => t('admin.audit.count', { count: n })}
      />
      <ConsoleList
        list={list}
        rowKey={(e) => e.id}
        empty={t('admin.audit.empty')}
        placeholder={{ count: 4, height: 64 }}
      >
        {(e) => <AuditEntryRow entry={e} actionLabel={actionLabel} />}
      </ConsoleList>
    </SectionCard>
  );
}
