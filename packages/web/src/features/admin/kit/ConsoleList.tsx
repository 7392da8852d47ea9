/** The body of a console list: placeholders, the error with a retry, the rows or the empty text, the pager. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { errorText } from '../../../shared/api/errors.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { placeholders } from '../../../shared/ui/placeholders.ts';
import { Pager } from './consoleUi.tsx';
import type { ListView } from './useConsoleList.ts';

export function ConsoleList<R>({
  list,
  rowKey,
  empty,
  placeholder = { count: 3, height: 96 },
  children,
}: {
  list: ListView<R>;
  rowKey: (row: R) => string | number;
  /** What an empty answer says. */
  empty: ReactNode;
  /** How many placeholders stand in for the rows before the first answer, and how tall. */
  placeholder?: { count: number; height: number };
  children: (row: R) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.refreshing && <LinearProgress sx={{ mb: 1 }} />}
      {list.state === 'loading' &&
        placeholders(placeholder.count).map((k) => (
          <Skeleton key={k} variant="rounded" height={placeholder.height} sx={{ mb: 1 }} />
        ))}
      {list.state === 'error' && (
        <Alert
          severity="error"
          data-testid="list-error"
          action={
            <Button color="inherit" size="small" onClick={list.retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorText(list.error, t)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {list.rows.map((row) => (
          <Fragment key={rowKey(row)}>{children(row)}</Fragment>
        ))}
      </Box>
      {list.state === 'empty' && (
        <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
          {empty}
        </Typography>
      )}
      <Pager total={list.total ?? 0} page={list.page} pageSize={list.pageSize} onPage={list.setPage} />
    </>
  );
}
