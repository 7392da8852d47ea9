import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatTerm, parseKeyword } from '@sasayaki/contract';
import { useTranslation } from 'react-i18next';
import { termColor, termLabel } from '../search/index.ts';

/** The parsed keyword as removable chips. */
export function TermChips({ keyword, onRemove }: { keyword: string; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  const terms = parseKeyword(keyword);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} data-testid="term-chips">
      {terms.map((term, i) => (
        <Chip
          // biome-ignore lint/suspicious/noArrayIndexKey: the same term may be typed twice; the position is its identity
          key={`${i}-${formatTerm(term)}`}
          size="medium"
          label={termLabel(term)}
          color={termColor(term)}
          variant={term.isExclude ? 'outlined' : 'filled'}
          onDelete={() => onRemove(i)}
          deleteIcon={
            <CancelIcon aria-label={t('works.removeTerm', { term: termLabel(term) })} aria-hidden={false} />
          }
          sx={term.isExclude ? { textDecoration: 'line-through' } : undefined}
        />
      ))}
    </Box>
  );
}
