import Menu, { type MenuProps } from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { formatTerm } from '@sasayaki/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { termOf } from '../../shared/ui/links.ts';

/** The age menu of docs/product.md §2.8: only all ages, only R15, only adult, or all ages plus R15. */
export const AGE_CHOICES = [
  ['general', formatTerm(termOf('age', 'general'))],
  ['r15', formatTerm(termOf('age', 'r15'))],
  ['adult', formatTerm(termOf('age', 'adult'))],
  ['notAdult', formatTerm(termOf('age', 'adult', true))],
] as const;

export function AgeMenu(props: Pick<MenuProps, 'anchorEl' | 'open'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu {...props}>
      {AGE_CHOICES.map(([key, keyword]) => (
        <MenuItem
          key={key}
          onClick={() => {
            props.onClose();
            navigate(`/works?${new URLSearchParams({ keyword })}`);
          }}
        >
          {t(`search.age.${key}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
