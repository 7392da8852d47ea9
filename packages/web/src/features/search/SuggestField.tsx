import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { SearchField } from './SearchField.tsx';
import type { Suggestion } from './suggest.ts';

interface Props {
  narrow: boolean;
  text: string;
  onText: (text: string) => void;
  options: Suggestion[];
  /** A suggestion or a typed text was chosen. */
  onPick: (choice: Suggestion | string) => void;
  onFocus: () => void;
  /** The plain field had the focus when this one took its place: take it, with the caret. */
  focusAt: { start: number; end: number } | null;
}

/** The search field with its suggestions (MUI's Autocomplete, loaded after the first screen). */
export function SuggestField({ narrow, text, onText, options, onPick, onFocus, focusAt }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // Taking over a field with text typed in it: its suggestions show at once, as they would have
  // on that typing.
  const [open, setOpen] = useState(focusAt !== null && text !== '');
  // Once, on taking the plain field's place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hand-over happens on mount only
  useEffect(() => {
    if (!focusAt || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(focusAt.start, focusAt.end);
  }, []);
  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      fullWidth
      size="small"
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.keyword)}
      inputValue={text}
      onInputChange={(_, v, reason) => reason !== 'reset' && onText(v)}
      onChange={(_, v) => v !== null && onPick(v)}
      onFocus={onFocus}
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
      renderInput={(params) => <SearchField params={params} narrow={narrow} inputRef={input} />}
    />
  );
}
