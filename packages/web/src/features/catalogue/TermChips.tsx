import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { type EntityCount, formatTerm, parseKeyword, type SearchTerm } from '@sasayaki/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { isTagTerm, termColor, termLabel, useEntityList } from '../search/index.ts';
import { useTagName } from './card/useTagName.ts';

/**
 * Tags of the library by stored name, exact and lower-cased: the search matches a tag's stored
 * name, the chip shows its name in the interface language, as cards and /tags do.
 */
function useTagsByName(needed: boolean): (stored: string) => EntityCount | undefined {
  const tags = useEntityList('tags', needed);
  return useMemo(() => {
    const exact = new Map<string, EntityCount>();
    const folded = new Map<string, EntityCount>();
    for (const tag of tags.data ?? []) {
      exact.set(tag.name, tag);
      if (!folded.has(tag.name.toLowerCase())) folded.set(tag.name.toLowerCase(), tag);
    }
    return (stored) => exact.get(stored) ?? folded.get(stored.toLowerCase());
  }, [tags.data]);
}

/** The parsed keyword as removable chips. */
export function TermChips({ keyword, onRemove }: { keyword: string; onRemove: (index: number) => void }) {
  const { t, i18n } = useTranslation();
  const terms = parseKeyword(keyword);
  const tagOf = useTagsByName(terms.some(isTagTerm));
  const nameOf = useTagName();
  const labelOf = (term: SearchTerm) => {
    const tag = isTagTerm(term) ? tagOf(term.value) : undefined;
    return tag ? termLabel(term, nameOf(tag)) : termLabel(term);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} data-testid="term-chips">
      {terms.map((term, i) => (
        <Chip
          // biome-ignore lint/suspicious/noArrayIndexKey: the same term may be typed twice; the position is its identity
          key={`${i}-${formatTerm(term)}`}
          size="medium"
          label={labelOf(term)}
          lang={isTagTerm(term) ? i18n.language : undefined}
          color={termColor(term)}
          variant={term.isExclude ? 'outlined' : 'filled'}
          onDelete={() => onRemove(i)}
          deleteIcon={
            <CancelIcon aria-label={t('works.removeTerm', { term: labelOf(term) })} aria-hidden={false} />
          }
          sx={{
            maxWidth: '100%',
            ...(term.isExclude ? { textDecoration: 'line-through' } : {}),
          }}
        />
      ))}
    </Box>
  );
}
