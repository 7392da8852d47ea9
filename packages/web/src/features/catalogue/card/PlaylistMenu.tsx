import CheckIcon from '@mui/icons-material/CheckBox';
import UncheckIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu, { type MenuProps } from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchPlaylistsWithWork, usePlaylistMembership } from '../../../shared/api/playlistApi.ts';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { notify } from '../../../shared/notify/store.ts';
import { playlistDisplayName } from '../../../shared/ui/playlistName.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../../account/index.ts';

type Props = { workId: number; onClose: () => void } & Pick<
  MenuProps,
  'anchorEl' | 'anchorReference' | 'anchorPosition' | 'open'
>;

/**
 * The add-to-playlist menu (card context menu and the detail page dropdown): the user's playlists,
 * 12 per page, each checked when it holds the work; a click adds or removes it optimistically.
 * Anonymous visitors are told to log in.
 */
export function PlaylistMenu({ workId, onClose, ...menu }: Props) {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const key = queryKeys.playlistsWithWork.page(workId, page);
  const membership = usePlaylistMembership();
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchPlaylistsWithWork(workId, page, signal),
    enabled: menu.open && loggedIn,
    // Opened again, the menu asks the server: another screen may have changed the playlists.
    staleTime: 0,
  });
  const toggle = (id: string, name: string, exist: boolean) => {
    type Data = Awaited<ReturnType<typeof fetchPlaylistsWithWork>>;
    const show = (to: boolean) =>
      queryClient.setQueryData<Data>(key, (d) =>
        d ? { ...d, playlists: d.playlists.map((p) => (p.id === id ? { ...p, exist: to } : p)) } : d,
      );
    membership.mutate(
      { playlistId: id, workId, present: !exist, show },
      {
        onSuccess: () =>
          notify({
            type: 'positive',
            message: t(exist ? 'works.playlist.removed' : 'works.playlist.added', {
              name: playlistDisplayName(name, t),
            }),
            timeout: 500,
          }),
      },
    );
  };
  const total = q.data?.pagination.totalCount ?? 0;
  const size = q.data?.pagination.pageSize ?? 12;
  return (
    <Menu
      {...menu}
      onClose={onClose}
      slotProps={{ list: { dense: true, 'aria-label': t('works.playlist.addTo') } }}
    >
      <MenuItem disabled sx={{ opacity: '1 !important', fontWeight: 700 }}>
        {t('works.playlist.addTo')}
      </MenuItem>
      {!loggedIn && (
        <MenuItem
          onClick={() => {
            onClose();
            openLoginDialog();
          }}
        >
          {t('works.playlist.loginFirst')}
        </MenuItem>
      )}
      {loggedIn &&
        q.isPending &&
        [0, 1, 2].map((i) => <Skeleton key={i} sx={{ mx: 2, my: 1 }} width={180} />)}
      {loggedIn && q.data?.playlists.length === 0 && (
        <MenuItem disabled>{t('works.playlist.empty')}</MenuItem>
      )}
      {q.data?.playlists.map((p) => (
        <MenuItem
          key={p.id}
          role="menuitemcheckbox"
          aria-checked={p.exist}
          onClick={() => toggle(p.id, p.name, p.exist)}
        >
          <ListItemIcon>{p.exist ? <CheckIcon color="primary" /> : <UncheckIcon />}</ListItemIcon>
          <ListItemText
            primary={playlistDisplayName(p.name, t)}
            secondary={t('works.playlist.worksCount', { count: p.works_count })}
          />
        </MenuItem>
      ))}
      {total > size && (
        <Pagination
          size="small"
          count={Math.ceil(total / size)}
          page={page}
          onChange={(_, p) => setPage(p)}
          sx={{ px: 1, py: 0.5 }}
        />
      )}
    </Menu>
  );
}
