import AddIcon from '@mui/icons-material/Add';
import DownOnIcon from '@mui/icons-material/ThumbDownAlt';
import DownIcon from '@mui/icons-material/ThumbDownAltOutlined';
import UpOnIcon from '@mui/icons-material/ThumbUpAlt';
import UpIcon from '@mui/icons-material/ThumbUpAltOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { TAG_VOTE, type Work, type WorkTag } from '@sasayaki/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { searchPath, termOf } from '../../shared/ui/links.ts';
import { useTagName } from '../catalogue/index.ts';
import { useRulesGate } from './useRulesGate.tsx';
import { voteTag } from './workApi.ts';

type TagVote = (typeof TAG_VOTE)[keyof typeof TAG_VOTE];

const AddTagDialog = lazy(async () => ({ default: (await import('./AddTagDialog.tsx')).AddTagDialog }));

/** docs/product.md §4: up toggles up/none, down toggles down/none; the counts follow the vote. */
export function applyVote(tag: WorkTag, clicked: 1 | 2): WorkTag & { myVote: TagVote } {
  const next: TagVote = tag.myVote === clicked ? TAG_VOTE.none : clicked;
  const up = tag.upvote - (tag.myVote === TAG_VOTE.up ? 1 : 0) + (next === TAG_VOTE.up ? 1 : 0);
  const down = tag.downvote - (tag.myVote === TAG_VOTE.down ? 1 : 0) + (next === TAG_VOTE.down ? 1 : 0);
  return { ...tag, myVote: next, upvote: up, downvote: down };
}

/** An up or down vote of a tag: its icon filled while it is the listener's vote. */
function VoteButton({
  label,
  pressed,
  onClick,
  icon: Icon,
  pressedIcon: PressedIcon,
  pressedColor,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  icon: typeof UpIcon;
  pressedIcon: typeof UpIcon;
  pressedColor: 'primary' | 'error';
}) {
  return (
    <IconButton size="small" aria-label={label} aria-pressed={pressed} onClick={onClick}>
      {pressed ? <PressedIcon sx={{ fontSize: 16 }} color={pressedColor} /> : <Icon sx={{ fontSize: 16 }} />}
    </IconButton>
  );
}

/** Tag chips with optimistic up/down votes and the add-tag button of the work page. */
export function TagVotes({ work }: { work: Pick<Work, 'id' | 'tags'> }) {
  const { t } = useTranslation();
  const nameOf = useTagName();
  const [tags, setTags] = useState(work.tags);
  const [adding, setAdding] = useState(false);
  const { gate, dialog } = useRulesGate();
  const queryClient = useQueryClient();
  useEffect(() => setTags(work.tags), [work.tags]);

  const vote = (tag: WorkTag, clicked: 1 | 2) =>
    gate(async () => {
      const next = applyVote(tag, clicked);
      setTags((all) => all.map((x) => (x.id === tag.id ? next : x)));
      try {
        await voteTag({ workID: work.id, tagID: tag.id, status: next.myVote });
        notify({ type: 'positive', message: t('work.voted'), timeout: 1500 });
      } catch {
        setTags((all) => all.map((x) => (x.id === tag.id ? tag : x)));
      }
    });

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="tag-votes">
      {tags.map((tag) => (
        <Box
          key={tag.id}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 4,
            pr: 0.5,
            opacity: tag.voteStatus === 2 ? 0.55 : 1,
          }}
        >
          <Chip
            component={Link}
            to={searchPath(termOf('tag', tag.name))}
            clickable
            color="secondary"
            variant={tag.voteStatus === 0 ? 'outlined' : 'filled'}
            label={nameOf(tag)}
            data-testid="tag-chip"
          />
          <VoteButton
            label={`${t('work.upvote')} ${nameOf(tag)}`}
            pressed={tag.myVote === 1}
            onClick={() => vote(tag, 1)}
            icon={UpIcon}
            pressedIcon={UpOnIcon}
            pressedColor="primary"
          />
          <Box component="span" sx={{ fontSize: 12, minWidth: 12 }}>
            {tag.upvote - tag.downvote}
          </Box>
          <VoteButton
            label={`${t('work.downvote')} ${nameOf(tag)}`}
            pressed={tag.myVote === 2}
            onClick={() => vote(tag, 2)}
            icon={DownIcon}
            pressedIcon={DownOnIcon}
            pressedColor="error"
          />
        </Box>
      ))}
      <Chip
        icon={<AddIcon />}
        label={t('work.addTag')}
        variant="outlined"
        onClick={() => gate(() => setAdding(true))}
      />
      {dialog}
      {adding && (
        <Suspense fallback={null}>
          <AddTagDialog
            workId={work.id}
            existing={tags.map((x) => x.id)}
            onClose={(added) => {
              setAdding(false);
              if (added)
                void queryClient
                  .invalidateQueries({ queryKey: queryKeys.work.all })
                  .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.workInfo.all }));
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
