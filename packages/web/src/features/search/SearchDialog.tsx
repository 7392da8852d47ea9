import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { parseKeyword } from '@sasayaki/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { AGE_CHOICES } from './AgeMenu.tsx';
import { useEntityNames } from './entities.ts';
import { appendTerm } from './keyword.ts';
import { NAMESPACES, SUGGESTED_VALUES, suggest } from './suggest.ts';
import { termLabel } from './terms.ts';

/** The bigger search dialog: a multi-line keyword with namespaces, suggestions and age choices. */
export function SearchDialog({
  initial,
  onClose,
  onSearch,
}: {
  initial: string;
  onClose: () => void;
  onSearch: (k: string) => void;
}) {
  const { t } = useTranslation();
  const full = useMediaQuery('(max-width: 600px)');
  const [text, setText] = useState(initial);
  const entities = useEntityNames(true);
  const options = useMemo(() => suggest(text, entities), [text, entities]);
  const terms = parseKeyword(text);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={full}>
      <DialogTitle>{t('search.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('search.dialogHelp')}
        </Typography>
        <TextField
          multiline
          minRows={3}
          fullWidth
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSearch(text);
          }}
          slotProps={{ htmlInput: { 'aria-label': t('search.dialogTitle') } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1, minHeight: 28 }}>
          {terms.map((term, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: terms may repeat; the position is their identity
            <Chip key={i} label={termLabel(term)} variant="outlined" />
          ))}
        </Box>
        {options.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 2 }}>
            {options.map((o) => (
              <Chip
                key={o.keyword}
                color="primary"
                label={`${o.label} · ${t(`search.kinds.${o.kind}`)}`}
                onClick={() => setText(o.keyword)}
              />
            ))}
          </Box>
        )}
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('search.namespaces')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 2 }}>
          {NAMESPACES.map((n) => (
            <Chip
              key={n}
              label={`$${n}:`}
              onClick={() => setText((s) => `${s.replace(/\s+$/u, '')}${s.trim() ? '\n' : ''}$${n}:`)}
            />
          ))}
        </Box>
        <Typography variant="subtitle2">{t('search.values')}</Typography>
        {Object.entries(SUGGESTED_VALUES)
          .filter(([ns]) => ns !== 'lang')
          .map(([ns, values]) => (
            <Box key={ns} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', my: 0.5 }}>
              <Typography variant="caption" sx={{ width: 64, fontFamily: 'monospace' }}>
                {ns}
              </Typography>
              {values.map((v) => (
                <Chip
                  key={v}
                  variant="outlined"
                  label={v}
                  onClick={() =>
                    setText((s) =>
                      appendTerm(s, { type: 'fullSpecial', namespace: ns, value: v, isExclude: false }),
                    )
                  }
                />
              ))}
            </Box>
          ))}
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('search.age.label')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {AGE_CHOICES.map(([key, keyword]) => (
            <Chip key={key} label={t(`search.age.${key}`)} onClick={() => onSearch(keyword)} />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => onSearch(text)}>
          {t('search.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
