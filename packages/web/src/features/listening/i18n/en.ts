import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  listening: {
    title: 'History',
    record: 'Record history',
    recordHint:
      'Works and tracks you played, with when and how far. Positions are kept so any of your devices resumes where you stopped.',
    paused: 'Recording is paused: what you play now is not added. Positions are still kept for resuming.',
    clearAll: 'Clear all',
    clearAllTitle: 'Clear the whole history?',
    clearAllText: 'Every entry and the positions kept with them are removed. This cannot be undone.',
    loading: 'Loading the history',
    emptyTitle: 'NOTHING YET',
    empty: 'What you play appears here, with where you stopped.',
    browse: 'Browse the library',
    guest: 'The guest account keeps no history. Log in with your own account to keep one.',
    play: 'Play {{title}}',
    howFar: 'How far',
    finished: 'Finished',
    removeTrack: 'Remove {{title}} from the history',
    removeWork: 'Remove this work from the history',
    removeWorkTitle: 'Remove “{{title}}” from the history?',
    removeWorkText:
      'Its tracks and the positions kept with them are removed on all your devices. This cannot be undone.',
    remove: 'Remove',
    today: 'Today {{time}}',
    yesterday: 'Yesterday {{time}}',
    continueTitle: 'Continue listening',
    allHistory: 'History',
    continueTrack: 'Continue {{title}} of {{work}}',
  },
};
