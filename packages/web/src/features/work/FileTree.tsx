import AudioIcon from '@mui/icons-material/AudiotrackOutlined';
import TextIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import VideoIcon from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TrackFile, TrackFolder, TrackNode, Work } from '@sasayaki/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { openInNewTab } from '../../shared/ui/download.ts';
import { clock, formatBytes } from '../../shared/ui/format.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { startDownload } from '../downloads/index.ts';
import { canKeepOffline, keepOffline } from '../offline/index.ts';
import { playFiles, playFilesNext, previewLyrics, queueFiles, usePlayerStore } from '../player/index.ts';
import {
  childrenAt,
  collapsedChain,
  fileAction,
  filesOf,
  initialPath,
  isFolder,
  readTreePath,
  treeSearch,
} from './tree.ts';
import { downloadZip } from './zipDownload.ts';

type W = Pick<
  Work,
  | 'id'
  | 'title'
  | 'source_id'
  | 'source_type'
  | 'mainCoverUrl'
  | 'samCoverUrl'
  | 'thumbnailCoverUrl'
  | 'circle'
>;

const ICONS = { audio: AudioIcon, text: TextIcon, image: ImageIcon, other: FileIcon } as const;

type MenuState = { anchor: HTMLElement; node: TrackNode } | null;

/** The work's files (docs/product.md §2.7), the current folder kept in `?path=[…]#work-tree`. */
export function FileTree({ work, tree }: { work: W; tree: TrackNode[] | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const behavior = useSettings((s) => s.initialPathBehavior);
  const [menu, setMenu] = useState<MenuState>(null);
  // The track in the player is marked in the list.
  const current = usePlayerStore((p) => p.queue[p.queueIndex]?.hash ?? null);
  const box = useRef<HTMLDivElement>(null);
  const requested = readTreePath(params);
  const { nodes, path } = tree
    ? childrenAt(tree, requested ?? initialPath(tree, behavior))
    : { nodes: [], path: [] };

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the folder (the query) changes
  useEffect(() => {
    if (location.hash === '#work-tree' && tree) box.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, location.search, tree]);

  const open = (p: string[]) => navigate({ search: treeSearch(p) || '?path=%5B%5D', hash: 'work-tree' });
  const crumbs = [t('work.tree.allFiles'), ...path].map((title, depth) => {
    const at = path.slice(0, depth);
    return { title, at, key: JSON.stringify(at) };
  });
  const audio = nodes.filter((n): n is TrackFile => n.type === 'audio');

  const click = (file: TrackFile) => {
    switch (fileAction(file)) {
      case 'play':
        return playFiles(audio, work, audio.indexOf(file));
      case 'open':
        return openInNewTab(file.mediaStreamUrl);
      case 'stream':
        return openInNewTab(file.mediaStreamUrl);
      case 'download':
        return void startDownload(file.mediaDownloadUrl, file.title);
    }
  };
  const closeMenu = () => setMenu(null);

  return (
    <Paper
      id="work-tree"
      ref={box}
      elevation={0}
      sx={{ border: 1, borderColor: 'divider', scrollMarginTop: 72 }}
      data-testid="file-tree"
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('work.tree.title')}
        </Typography>
      </Box>
      <Breadcrumbs sx={{ px: 2, pb: 1 }} maxItems={5} aria-label="breadcrumbs" data-testid="breadcrumbs">
        {crumbs.map((c) =>
          c.at.length === path.length ? (
            <Typography key={c.key} color="text.primary" sx={{ fontWeight: 600 }}>
              {c.title}
            </Typography>
          ) : (
            <Link key={c.key} component="button" underline="hover" onClick={() => open(c.at)}>
              {c.title}
            </Link>
          ),
        )}
      </Breadcrumbs>
      {!tree ? (
        <Box sx={{ px: 2, pb: 2 }}>
          {placeholders(4).map((k) => (
            <Skeleton key={k} height={48} />
          ))}
        </Box>
      ) : nodes.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('work.tree.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {nodes.map((node) => {
            if (isFolder(node)) {
              const chain = collapsedChain(node);
              return (
                <ListItem
                  key={`folder:${node.title}`}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('work.tree.menu')}
                      onClick={(e) => setMenu({ anchor: e.currentTarget, node })}
                    >
                      <MoreIcon />
                    </IconButton>
                  }
                >
                  <ListItemButton onClick={() => open([...path, ...chain])} data-testid="tree-folder">
                    <ListItemIcon>
                      <FolderIcon color="primary" />
                    </ListItemIcon>
                    <ListItemText
                      primary={chain.join(' / ')}
                      secondary={t('work.tree.files', { count: filesOf(node.children).length })}
                    />
                  </ListItemButton>
                </ListItem>
              );
            }
            const Icon = fileAction(node) === 'stream' ? VideoIcon : ICONS[node.type];
            return (
              <ListItem
                key={node.hash}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`${t('work.tree.menu')}: ${node.title}`}
                    onClick={(e) => setMenu({ anchor: e.currentTarget, node })}
                  >
                    <MoreIcon />
                  </IconButton>
                }
              >
                <ListItemButton
                  selected={node.hash === current}
                  aria-current={node.hash === current ? 'true' : undefined}
                  onClick={() => click(node)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    setMenu({ anchor: e.currentTarget as HTMLElement, node });
                  }}
                  data-testid={`tree-${node.type}`}
                >
                  <ListItemIcon>
                    <Icon color={node.type === 'audio' ? 'secondary' : 'action'} />
                  </ListItemIcon>
                  <ListItemText
                    primary={node.title}
                    secondary={[node.duration ? clock(node.duration) : null, formatBytes(node.size)]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <NodeMenu menu={menu} onClose={closeMenu} work={work} path={path} />
    </Paper>
  );
}

function NodeMenu({
  menu,
  onClose,
  work,
  path,
}: {
  menu: MenuState;
  onClose: () => void;
  work: W;
  path: string[];
}) {
  const { t } = useTranslation();
  const enableSubtitle = useSettings((s) => s.enableSubtitle);
  const hasLocalSubtitles = useSettings((s) => s.localSubtitledWorks.includes(work.id));
  const node = menu?.node;
  const item = (label: string, run: () => void) => (
    <MenuItem
      key={label}
      onClick={() => {
        onClose();
        run();
      }}
    >
      {label}
    </MenuItem>
  );
  let items: ReactNode[] = [];
  if (node && isFolder(node)) {
    items = [
      item(t('work.downloadFolder'), () => void downloadZip(work, [...path, (node as TrackFolder).title])),
      canKeepOffline() &&
        item(
          t('offline.keepFolder'),
          () => void keepOffline(work, filesOf((node as TrackFolder).children), false),
        ),
    ].filter(Boolean);
  } else if (node) {
    const f = node as TrackFile;
    items = [
      f.type === 'audio' && item(t('work.tree.addToQueue'), () => queueFiles([f], work)),
      f.type === 'audio' && item(t('work.tree.playNext'), () => playFilesNext([f], work)),
      f.type !== 'audio' &&
        fileAction(f) !== 'download' &&
        item(t('work.tree.open'), () => openInNewTab(f.mediaStreamUrl)),
      item(t('work.tree.download'), () => void startDownload(f.mediaDownloadUrl, f.title)),
      f.type === 'audio' &&
        enableSubtitle &&
        ((f.availableLyrics?.length ?? 0) > 0 || hasLocalSubtitles) &&
        item(t('work.subtitlePreview'), () => previewLyrics(f, work)),
    ].filter(Boolean);
  }
  return (
    <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={onClose}>
      {items}
    </Menu>
  );
}
