import AgeIcon from '@mui/icons-material/EighteenUpRating';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { whenNetworkQuiet } from '../../shared/ui/networkQuiet.ts';
import { AgeMenu } from './AgeMenu.tsx';
import { useEntityNames } from './entities.ts';
import { SearchField } from './SearchField.tsx';
import type { SuggestField } from './SuggestField.tsx';
import { type Suggestion, suggest } from './suggest.ts';

const SearchDialog = lazy(async () => ({ default: (await import('./SearchDialog.tsx')).SearchDialog }));

/**
 * The suggestions' code (MUI's Autocomplete, 7 KB) is not part of the first screen: it loads once
 * that screen's requests are done, or as soon as the field is hovered or focused. Until then the
 * field is a plain one of the same look, whose text, focus and caret the autocomplete takes over.
 */
function useSuggestField(plain: RefObject<HTMLInputElement | null>) {
  const [Suggest, setSuggest] = useState<typeof SuggestField | null>(null);
  const handoff = useRef<{ start: number; end: number } | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    import('./SuggestField.tsx').then(
      ({ SuggestField }) => {
        const el = plain.current;
        handoff.current =
          el && document.activeElement === el
            ? { start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length }
            : null;
        setSuggest(() => SuggestField);
      },
      // Not reachable now: the plain field goes on searching, the next focus tries again.
      () => {
        started.current = false;
      },
    );
  }, [plain]);
  useEffect(() => {
    let alive = true;
    void whenNetworkQuiet().then(() => alive && load());
    return () => {
      alive = false;
    };
  }, [load]);
  return { Suggest, handoff, load };
}

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
  const plain = useRef<HTMLInputElement>(null);
  const { Suggest, handoff, load: loadSuggestions } = useSuggestField(plain);

  const go = (keyword: string) => {
    const k = keyword.trim();
    navigate(k ? `/works?${new URLSearchParams({ keyword: k })}` : '/works');
  };
  const pick = (choice: Suggestion | string) => {
    if (typeof choice === 'string') return go(choice);
    setText(choice.keyword);
    if (choice.kind !== 'namespace') go(choice.keyword);
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
      {Suggest ? (
        <Suggest
          narrow={narrow}
          text={text}
          onText={setText}
          options={options}
          onPick={pick}
          onFocus={() => setUsed(true)}
          focusAt={handoff.current}
        />
      ) : (
        <SearchField
          narrow={narrow}
          inputRef={plain}
          value={text}
          onChange={setText}
          onFocus={() => {
            setUsed(true);
            loadSuggestions();
          }}
          onPointerEnter={loadSuggestions}
        />
      )}
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
