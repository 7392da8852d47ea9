import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    subtitles: {
      title: '字幕审核',
      queue: '待审核的字幕',
      intro:
        '这些是听众为作品音轨提交的字幕。可以边播放音轨边对照文本：直接采用、修改后采用，或填写理由拒绝（投稿者会看到理由）。',
      meta: '{{name}} · 投稿者 {{contributor}} · {{at}} · {{cues}} 行',
      note: '备注：{{note}}',
      review: '审核',
      text: '文本',
      editHint: '修改文本即可采用修正后的版本。',
      editedHint: '已修改：采用时将提交你修正后的版本。',
      accept: '采用',
      acceptCorrected: '采用修正版',
      reason: '给投稿者的理由',
      reject: '拒绝',
      accepted: '字幕已采用，所有听众现在都能看到。',
      acceptedCorrected: '修正后的字幕已采用。',
      rejected: '字幕已拒绝，投稿者会看到你的理由。',
      empty: '没有待审核的字幕。',
    },
  },
};
