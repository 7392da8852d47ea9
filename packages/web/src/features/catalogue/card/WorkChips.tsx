import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Work } from '@sasayaki/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { searchPath, termOf } from '../../../shared/ui/links.ts';
import { useTagName } from './useTagName.ts';

type W = Pick<
  Work,
  'id' | 'age_category_string' | 'has_subtitle' | 'translation_info' | 'other_language_editions_in_db'
>;

/** Age (general / r15 only, none for adult), subtitle, translated, local subtitle and multi-language chips. */
export function StatusChips({ work }: { work: W }) {
  const { t } = useTranslation();
  const local = useSettings((s) => s.localSubtitledWorks.includes(work.id));
  const age = work.age_category_string;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {age !== 'adult' && (
        <Chip
          component={Link}
          to={searchPath(termOf('age', age))}
          clickable
          label={t(`works.card.age.${age as string}`)}
          color={age === 'general' ? 'success' : 'warning'}
          variant="outlined"
          data-testid="age-chip"
        />
      )}
      {work.translation_info?.is_child && (
        <Chip label={t('works.card.translated')} color="primary" variant="outlined" />
      )}
      {work.has_subtitle && <Chip label={t('works.card.subtitle')} color="primary" variant="outlined" />}
      {local && (
        <Chip
          label={t('works.card.localSubtitle')}
          color="info"
          variant="outlined"
          data-testid="local-subtitle-chip"
        />
      )}
      {work.other_language_editions_in_db?.length > 0 && (
        <Chip label={t('works.card.multiLanguage')} variant="outlined" />
      )}
    </Box>
  );
}

export function TagChips({ tags, max }: { tags: Work['tags']; max?: number }) {
  const nameOf = useTagName();
  const shown = max === undefined ? tags : tags.slice(0, max);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((tag) => (
        <Chip
          key={tag.id}
          component={Link}
          to={searchPath(termOf('tag', tag.name))}
          clickable
          label={nameOf(tag)}
          color="secondary"
          variant="outlined"
          data-testid="tag-chip"
        />
      ))}
    </Box>
  );
}

export function VaChips({ vas }: { vas: Work['vas'] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {vas.map((va) => (
        <Chip
          key={va.id}
          component={Link}
          to={searchPath(termOf('va', va.name))}
          clickable
          label={va.name}
          color="info"
          data-testid="va-chip"
        />
      ))}
    </Box>
  );
}
