import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  favourites: {
    empty: {
      review: 'You have not rated or reviewed a work yet. Open a work and choose “Write a review”.',
      progress: 'No works are marked “{{name}}” yet. Set a work’s progress from the menu on its page.',
      browse: 'Browse the library',
    },
    title: 'My favourites',
    review: 'Reviewed',
    marked: 'Marked',
    listening: 'Listening',
    listened: 'Listened',
    replay: 'Replay',
    postponed: 'Postponed',
    folder: 'Playlists',
  },
};
