import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    only: '只有管理员可以查看此页面。',
    feedback: {
      title: '问题反馈',
      count_other: '共 {{count}} 条反馈',
      openOnly: '只看未处理',
      empty: '没有反馈。',
      noWork: '作品已不在库中',
      handled: '已处理',
      markHandled: '标记为已处理',
      reopen: '重新打开',
      anonymous: '匿名访客',
      meta: '来自 {{who}}，{{when}}',
    },
  },
};
