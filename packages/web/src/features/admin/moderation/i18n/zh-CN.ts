import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    moderation: {
      title: '内容管理',
      reviews: '评价',
      search: '搜索内容、用户名或作品',
      shown: '显示',
      shownOptions: {
        all: '全部',
        visible: '可见',
        hidden: '已隐藏',
      },
      hidden: '已隐藏',
      noWork: '作品 {{id}}（已不在音声库中）',
      hide: '隐藏',
      show: '重新显示',
      delete: '删除',
      hiddenDone: '评价已隐藏：只有作者本人还能看到。',
      shownDone: '评价已重新显示。',
      deletedDone: '评价已删除。',
      deleteConfirm: '删除 {{name}} 的这条评价？此操作无法撤销。',
      noReviews: '没有匹配的评价。听众写的评价会列在这里，可以隐藏或删除。',
      tags: '作品的标签',
      workId: '作品 ID 或编号',
      openWork: '打开',
      workNotFound: '找不到该作品。',
      noTags: '该作品没有标签。',
      removeTagConfirm: '从该作品移除标签“{{tag}}”及其投票？',
      tagRemoved: '标签已移除。',
      tagsHelp: '移除的标签不会恢复：之后的扫描不会再添加它，即使作品的元数据中有它。',
    },
  },
};
