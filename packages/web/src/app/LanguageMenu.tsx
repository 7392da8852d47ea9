import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { LOCALES, type Locale, setLanguage, useTranslation } from '../shared/i18n/index.ts';

export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English', ja: '日本語' };

/** Language selector (docs/product.md §2.8): en, zh-CN, ja. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('app.language')}>
        <IconButton
          color="inherit"
          aria-label={t('app.language')}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="language-button"
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l}
            selected={i18n.language === l}
            lang={l}
            onClick={() => {
              setLanguage(l);
              setAnchor(null);
            }}
          >
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
