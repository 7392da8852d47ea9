/**
 * The row above a console list: its search box, its filters and how many rows match. The filters
 * are described, not drawn, by the section: the same control looks and behaves the same in every
 * list.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ListControls } from './useConsoleList.ts';

/** The names of F's filters whose values are of type T. */
type NamesOf<F, T> = { [K in keyof F]: F[K] extends T ? K : never }[keyof F];

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter's control: a select (one value of several, '' allowed for "any"), chips (one value
 * or none: a chip pressed again lets go) or a switch.
 */
export type FilterControl<F> =
  | { kind: 'select'; name: NamesOf<F, string>; label: string; options: readonly FilterOption[] }
  | { kind: 'chips'; name: NamesOf<F, string | null>; label: string; options: readonly FilterOption[] }
  | { kind: 'switch'; name: NamesOf<F, boolean>; label: string };

/**
 * The value a control shows: the one just chosen at once, then the URL's. A filter's change reaches
 * the URL in the router's transition, a render later; a controlled switch or select that waited
 * for it would snap back under the click and turn only afterwards (and a test's check() sees it
 * unmoved).
 */
function useShownValue(value: unknown): [unknown, (v: unknown) => void] {
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return [shown, setShown];
}

function Control<F>({ list, control }: { list: ListControls<F>; control: FilterControl<F> }) {
  const [value, show] = useShownValue(list.filters[control.name]);
  const set = (v: unknown) => {
    show(v);
    list.setFilter(control.name, v as F[keyof F]);
  };
  if (control.kind === 'switch') {
    return (
      <FormControlLabel
        control={<Switch checked={value === true} onChange={(e) => set(e.target.checked)} />}
        label={control.label}
      />
    );
  }
  if (control.kind === 'chips') {
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={control.label}>
        {control.options.map((o) => (
          <Chip
            key={o.value}
            clickable
            color={value === o.value ? 'primary' : 'default'}
            variant={value === o.value ? 'filled' : 'outlined'}
            aria-pressed={value === o.value}
            label={o.label}
            onClick={() => set(value === o.value ? null : o.value)}
          />
        ))}
      </Box>
    );
  }
  // The chosen value stays listed while the options are still on their way (a link's filter).
  const options =
    value === '' || control.options.some((o) => o.value === value)
      ? control.options
      : [...control.options, { value: String(value), label: String(value) }];
  return (
    <TextField
      select
      size="small"
      label={control.label}
      value={value}
      onChange={(e) => set(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ flex: '0 1 240px', minWidth: 160 }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A list's search box (when `search` names it), its filters' controls, and the count of matching
 * rows once known (`count` words it).
 */
export function ConsoleFilters<F>({
  list,
  search,
  controls = [],
  count,
}: {
  list: ListControls<F>;
  /** The search box's label; no search box without one. */
  search?: string;
  controls?: readonly FilterControl<F>[];
  count?: (total: number) => string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      {search !== undefined && (
        <TextField
          size="small"
          type="search"
          label={search}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
        />
      )}
      {controls.map((control) => (
        <Control key={String(control.name)} list={list} control={control} />
      ))}
      {/* No count before the answer: "0 accounts" beside the placeholders would be wrong. */}
      {count && list.total !== undefined && (
        <Typography color="text.secondary">{count(list.total)}</Typography>
      )}
    </Box>
  );
}
