import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@sasayaki/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { lastPage } from './pageClamp.ts';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Pagination with a quick jumper and a size changer of 20–100 (docs/product.md §2.4). */
export function ListPagination({ page, pageSize, total, onPage, onPageSize }: Props) {
  const { t } = useTranslation();
  const pages = lastPage(total, pageSize);
  const [jump, setJump] = useState('');
  const go = () => {
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1 && n <= pages) onPage(n);
    setJump('');
  };
  return (
    <Box
      component="nav"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'center',
        my: 3,
      }}
      data-testid="pagination"
    >
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_, p) => onPage(p)}
        color="primary"
        siblingCount={1}
      />
      <TextField
        select
        size="small"
        value={pageSize}
        onChange={(e) => onPageSize(Number(e.target.value))}
        sx={{ minWidth: 120 }}
        slotProps={{
          htmlInput: { 'aria-label': t('works.pageSize', { n: pageSize }), 'data-testid': 'page-size' },
        }}
      >
        {LIMITS.pageSizeOptions.map((n) => (
          <MenuItem key={n} value={n}>
            {t('works.pageSize', { n })}
          </MenuItem>
        ))}
      </TextField>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          go();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <TextField
          size="small"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          placeholder={t('works.jumpPlaceholder')}
          sx={{ width: 96 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('works.jumpTo') } }}
        />
        <Button type="submit" variant="outlined" size="small">
          {t('works.go')}
        </Button>
      </Box>
    </Box>
  );
}
