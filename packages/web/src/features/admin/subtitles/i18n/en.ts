import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    subtitles: {
      title: 'Subtitles',
      queue: 'Subtitles waiting for review',
      intro:
        'Listeners send these for works’ tracks. Play the track beside the text; accept it, correct it and accept, or reject it with a reason the contributor will read.',
      meta: '{{name}} · by {{contributor}} · {{at}} · {{cues}} lines',
      note: 'Note: {{note}}',
      review: 'Review',
      text: 'Text',
      editHint: 'Edit the text to accept a corrected version.',
      editedHint: 'Edited: accepting sends your corrected version.',
      accept: 'Accept',
      acceptCorrected: 'Accept corrected version',
      reason: 'Reason for the contributor',
      reject: 'Reject',
      accepted: 'Subtitle accepted: every listener sees it now.',
      acceptedCorrected: 'Corrected subtitle accepted.',
      rejected: 'Subtitle rejected; the contributor sees your reason.',
      empty: 'Nothing to review.',
    },
  },
};
