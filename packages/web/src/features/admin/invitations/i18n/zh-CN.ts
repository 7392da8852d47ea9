import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    invitations: {
      title: '邀请',
      new: '邀请他人',
      intro: '邀请是给一个人的链接：打开链接的人可以创建一次账号，即使注册已关闭。',
      note: '备注（邀请谁）',
      valid: '有效期',
      days_other: '{{count}} 天',
      create: '生成链接',
      made: '把这个链接发给你的朋友。链接只显示这一次，请在离开本页前复制。',
      copy: '复制链接',
      copied: '链接已复制。',
      list: '已生成的邀请',
      empty: '还没有邀请。在上方创建链接，发给你要邀请的人。',
      noNote: '邀请 #{{id}}',
      status: { open: '有效', used: '已使用', expired: '已过期', revoked: '已撤销' },
      made_by: '由 {{name}} 于 {{at}} 生成',
      usedBy: '{{name}} 于 {{at}} 使用',
      expires: '有效至 {{at}}',
      revoke: '撤销',
      revoked: '邀请已撤销：链接不再有效。',
    },
  },
};
