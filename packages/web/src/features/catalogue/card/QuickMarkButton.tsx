import MarkedIcon from '@mui/icons-material/Bookmark';
import UnmarkedIcon from '@mui/icons-material/BookmarkBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Work } from '@sasayaki/contract';
import { useEffect, useState } from 'react';
import { usePlaylistMembership } from '../../../shared/api/playlistApi.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { isLoggedIn, useAuth } from '../../account/index.ts';

/**
 * Toggles the work in the quick-mark target playlist: optimistic, reverted on failure, and the
 * lists re-checked afterwards (docs/product.md §4). Hidden without a login or a target.
 */
export function QuickMarkButton({ work }: { work: Pick<Work, 'id' | 'playlistStatus'> }) {
  const { t } = useTranslation();
  const target = useSettings((s) => s.quickMarkTargetPlaylist);
  const loggedIn = useAuth(isLoggedIn);
  const membership = usePlaylistMembership();
  const serverState = target ? work.playlistStatus?.[target.id] === true : false;
  const [marked, setMarked] = useState(serverState);
  useEffect(() => setMarked(serverState), [serverState]);
  if (!loggedIn || !target) return null;
  const toggle = () =>
    membership.mutate({ playlistId: target.id, workId: work.id, present: !marked, show: setMarked });
  const label = marked ? t('works.card.quickUnmark') : t('works.card.quickMark');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={marked}
        onClick={toggle}
        size="small"
        color={marked ? 'secondary' : 'default'}
      >
        {marked ? <MarkedIcon /> : <UnmarkedIcon />}
      </IconButton>
    </Tooltip>
  );
}
