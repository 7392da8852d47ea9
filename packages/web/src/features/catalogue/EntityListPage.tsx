import FilterIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { searchPath, termOf } from '../../shared/ui/links.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { type EntityList, useEntityList } from '../search/index.ts';
import { useTagName } from './card/useTagName.ts';

const NAMESPACE: Record<EntityList, string> = { circles: 'circle', tags: 'tag', vas: 'va' };

/** /circles, /tags and /vas: one screen with a restrict value, names with counts and a filter box. */
export function EntityListPage({ restrict }: { restrict: EntityList }) {
  const { t, i18n } = useTranslation();
  const list = useEntityList(restrict);
  const tagNameOf = useTagName();
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const shown = useMemo(() => {
    const q = deferred.trim().toLowerCase();
    // Tags show their name in the interface language (docs/product.md §3); the search term keeps the stored name.
    const all = (list.data ?? []).map((e) => ({ ...e, label: restrict === 'tags' ? tagNameOf(e) : e.name }));
    if (restrict === 'tags') all.sort((a, b) => a.label.localeCompare(b.label, i18n.language));
    return q ? all.filter((e) => e.label.toLowerCase().includes(q) || e.name.toLowerCase().includes(q)) : all;
  }, [list.data, deferred, tagNameOf, restrict, i18n.language]);
  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, flex: 1 }}>
          {t(`works.entities.${restrict}`)}
          {list.data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1.5 }}>
              {shown.length}
            </Typography>
          )}
        </Typography>
        <TextField
          size="small"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('works.entities.filter')}
          // a row of its own on phones, so the heading and its count stay on one line
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          slotProps={{
            htmlInput: { 'aria-label': t('works.entities.filter') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <FilterIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box
        sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}
        data-testid="entity-list"
      >
        {list.isPending
          ? placeholders(24).map((k) => <Skeleton key={k} variant="rounded" height={64} />)
          : shown.map((e) => (
              <Card key={`${e.id}`} sx={{ border: 1, borderColor: 'divider' }}>
                <CardActionArea
                  component={Link}
                  to={searchPath(termOf(NAMESPACE[restrict], e.name))}
                  sx={{ p: 1.5, height: '100%' }}
                >
                  <Typography
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    lang={restrict === 'tags' ? i18n.language : undefined}
                  >
                    {e.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('works.entities.count', { count: e.count })}
                  </Typography>
                </CardActionArea>
              </Card>
            ))}
      </Box>
      {list.data && shown.length === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
          {t('works.entities.none')}
        </Typography>
      )}
    </Container>
  );
}
