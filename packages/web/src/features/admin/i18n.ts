import type { Bundle } from '../../shared/i18n/types.ts';

export const adminBundle: Bundle = {
  en: {
    admin: {
      only: 'Only administrators can see this page.',
      feedback: {
        title: 'Problem reports',
        count_one: '{{count}} report',
        count_other: '{{count}} reports',
        openOnly: 'Open only',
        empty: 'No reports.',
        noWork: 'Work no longer in the library',
        handled: 'Handled',
        markHandled: 'Mark handled',
        reopen: 'Reopen',
        anonymous: 'anonymous visitor',
        meta: 'From {{who}}, {{when}}',
      },
    },
  },
  'zh-CN': {
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
  },
  ja: {
    admin: {
      only: 'このページは管理者のみ閲覧できます。',
      feedback: {
        title: '問題の報告',
        count_other: '報告 {{count}} 件',
        openOnly: '未対応のみ',
        empty: '報告はありません。',
        noWork: 'この作品はライブラリにありません',
        handled: '対応済み',
        markHandled: '対応済みにする',
        reopen: '未対応に戻す',
        anonymous: '匿名の訪問者',
        meta: '{{who}} より、{{when}}',
      },
    },
  },
};
