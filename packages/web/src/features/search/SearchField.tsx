import SearchIcon from '@mui/icons-material/Search';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';

interface Props {
  narrow: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The autocomplete's wiring (SuggestField.tsx); without it, a plain field of the same look. */
  params?: AutocompleteRenderInputParams;
  /** For the plain field: its text, kept by the search box. */
  value?: string;
  onChange?: (text: string) => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
}

/** The top bar's search field: one look, with or without the autocomplete around it. */
export function SearchField({ narrow, inputRef, params, value, onChange, onFocus, onPointerEnter }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      {...params}
      {...(params ? {} : { fullWidth: true, size: 'small' as const })}
      inputRef={inputRef}
      value={params ? undefined : value}
      onChange={params || !onChange ? undefined : (e) => onChange(e.target.value)}
      onFocus={onFocus}
      onPointerEnter={onPointerEnter}
      placeholder={t(narrow ? 'search.placeholderShort' : 'search.placeholder')}
      slotProps={{
        ...params?.slotProps,
        htmlInput: {
          ...params?.slotProps.htmlInput,
          'aria-label': t('search.placeholder'),
          'data-testid': 'search-input',
        },
        input: {
          ...params?.slotProps.input,
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          sx: { borderRadius: 6, bgcolor: 'action.hover' },
        },
      }}
    />
  );
}
