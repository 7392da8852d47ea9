import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatTerm, parseKeyword, type SearchTerm } from '@sasayaki/contract';
import { useTranslation } from 'react-i18next';

/** Chip colour of a term: tags and voice actors have their own (spec §2.4). */
export function termColor(term: SearchTerm): 'secondary' | 'info' | 'primary' | 'default' {
  if (term.namespace === 'tag' || term.namespace === 'tagw') return 'secondary';
  if (term.namespace === 'va') return 'info';
  if (term.namespace === 'circle') return 'primary';
  return 'default';
}

/** The label of a term chip: the value with its namespace, excluded terms prefixed with a minus. */
export function termLabel(term: SearchTerm): string {
  const minus = term.isExclude ? '-' : '';
  if (term.type === 'plain') return `${minus}${term.value}`;
  if (term.type === 'partialNamespace') return `${minus}${term.namespace}`;
  return `${minus}${term.namespace}: ${term.value}`;
}

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
