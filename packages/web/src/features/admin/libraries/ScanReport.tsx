import BackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SCAN_REPORT_KINDS } from '@sasayaki/contract';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { type TFunction, useTranslation } from '../../../shared/i18n/index.ts';
import { ConsoleFilters } from '../kit/ConsoleFilters.tsx';
import { ConsoleList } from '../kit/ConsoleList.tsx';
import { oneOrNone } from '../kit/listFilters.ts';
import { useConsoleList } from '../kit/useConsoleList.ts';
import { fetchReport, REPORT_PAGE_SIZE, type ScanReportItem } from './librariesApi.ts';
import { scanTitle } from './RecentScans.tsx';

const KIND_COLOR = { added: 'success', updated: 'info', removed: 'warning', skipped: 'error' } as const;

/**
 * A problem's explanation in the shown language: the reason's sentence with its parameters,
 * causes and metadata problems as words, paths and work codes as they are.
 */
export function problemText(item: ScanReportItem, t: TFunction): string {
  const { cause, problem, ...rest } = item.params;
  return t(`admin.libraries.explain.${item.reason}`, {
    ...rest,
    cause: cause ? t(`admin.libraries.cause.${cause}`) : '',
    problem: problem ? t(`admin.libraries.metadataProblem.${problem}`) : '',
  });
}

function ReportItem({ item, scanId }: { item: ScanReportItem; scanId: number | undefined }) {
  const { t } = useTranslation();
  const isNew = item.firstSeen !== null && item.firstSeen === scanId;
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="report-item">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip color={KIND_COLOR[item.kind]} label={t(`admin.libraries.kindOne.${item.kind}`)} />
        {item.reason && <Chip variant="outlined" label={t(`admin.libraries.reason.${item.reason}`)} />}
        {item.kind === 'skipped' && item.firstSeen !== null && (
          <Chip
            size="small"
            color={isNew ? 'warning' : 'default'}
            data-testid="problem-age"
            label={
              isNew
                ? t('admin.libraries.problemNew')
                : t('admin.libraries.knownSince', { id: item.firstSeen })
            }
          />
        )}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {item.kind === 'skipped' ? '' : item.detail}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ wordBreak: 'break-all', mt: 0.5 }}>
        {item.path}
      </Typography>
      {item.kind === 'skipped' && item.reason && (
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {problemText(item, t)}
        </Typography>
      )}
    </Paper>
  );
}

/** One scan's report: every line, filtered by kind and by text in its path or detail. */
export function ScanReport({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const list = useConsoleList({
    family: queryKeys.console.scanReport(id),
    filters: { kind: oneOrNone(SCAN_REPORT_KINDS) },
    pageSize: REPORT_PAGE_SIZE,
    fetch: ({ page, pageSize, q, filters }, signal) =>
      fetchReport(id, { page, pageSize, q, kind: filters.kind ?? undefined }, signal),
    rows: (answer) => answer.items,
  });
  const kinds = SCAN_REPORT_KINDS.map((k) => ({
    value: k,
    label: t(`admin.libraries.kinds.${k}`, { n: list.data?.counts[k] ?? 0 }),
  }));
  return (
    <Box>
      <Button component={RouterLink} to="." startIcon={<BackIcon />} sx={{ mb: 1 }}>
        {t('admin.libraries.backToLibraries')}
      </Button>
      {list.data && (
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {scanTitle(list.data.scan, t, i18n.language)}
        </Typography>
      )}
      <ConsoleFilters
        list={list}
        search={t('admin.libraries.search')}
        controls={[{ kind: 'chips', name: 'kind', label: t('admin.libraries.filter'), options: kinds }]}
      />
      <ConsoleList
        list={list}
        rowKey={(item) => item.id}
        empty={t('admin.libraries.reportEmpty')}
        placeholder={{ count: 4, height: 72 }}
      >
        {(item) => <ReportItem item={item} scanId={list.data?.scan.id} />}
      </ConsoleList>
    </Box>
  );
}
