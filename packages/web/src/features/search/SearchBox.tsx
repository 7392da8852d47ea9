import AgeIcon from '@mui/icons-material/EighteenUpRating';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { AgeMenu } from './AgeMenu.tsx';
import { useEntityNames } from './entities.ts';
import { type Suggestion, suggest } from './suggest.ts';

const SearchDialog = lazy(async () => ({ default: (await import('./SearchDialog.tsx')).SearchDialog }));

/** The top bar search box with suggestions, the bigger search dialog and the age menu (docs/product.md §2.8). */
export function SearchBox() {
  const { t } = useTranslation();
  // The full hint does not fit a phone's top bar; the label keeps it for screen readers.
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const location = useLocation();
  const urlKeyword =
    location.pathname === '/works' ? (new URLSearchParams(location.search).get('keyword') ?? '') : '';
  const [text, setText] = useState(urlKeyword);
  const [used, setUsed] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [ageAnchor, setAgeAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => setText(urlKeyword), [urlKeyword]);
  const entities = useEntityNames(used);
  const options = useMemo(() => suggest(text, entities), [text, entities]);

  const go = (keyword: string) => {
    const k = keyword.trim();
    navigate(k ? `/works?${new URLSearchParams({ keyword: k })}` : '/works');
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        go(text);
      }}
      sx={{ width: '100%', maxWidth: 640, display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <Autocomplete<Suggestion, false, false, true>
        freeSolo
        fullWidth
        size="small"
        options={options}
        filterOptions={(o) => o}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.keyword)}
        inputValue={text}
        onInputChange={(_, v, reason) => reason !== 'reset' && setText(v)}
        onChange={(_, v) => {
          if (v === null) return;
          if (typeof v === 'string') return go(v);
          setText(v.keyword);
          if (v.kind !== 'namespace') go(v.keyword);
        }}
        onFocus={() => setUsed(true)}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 2 }}>
                <span>{o.label}</span>
                <Typography variant="caption" color="text.secondary">
                  {t(`search.kinds.${o.kind}`)}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={t(narrow ? 'search.placeholderShort' : 'search.placeholder')}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': t('search.placeholder'),
                'data-testid': 'search-input',
              },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                sx: { borderRadius: 6, bgcolor: 'action.hover' },
              },
            }}
          />
        )}
      />
      <Tooltip title={t('search.advanced')}>
        <IconButton color="inherit" aria-label={t('search.advanced')} onClick={() => setDialog(true)}>
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('search.age.label')}>
        <IconButton
          color="inherit"
          aria-label={t('search.age.label')}
          onClick={(e) => setAgeAnchor(e.currentTarget)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <AgeIcon />
        </IconButton>
      </Tooltip>
      <AgeMenu anchorEl={ageAnchor} open={ageAnchor !== null} onClose={() => setAgeAnchor(null)} />
      {dialog && (
        <Suspense fallback={null}>
          <SearchDialog
            initial={text}
            onClose={() => setDialog(false)}
            onSearch={(k) => {
              setDialog(false);
              go(k);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
