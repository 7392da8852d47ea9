import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  playlists: {
    title: '播放列表',
    filter: {
      all: '全部',
      created: '我创建的',
      liked: '我喜欢的',
    },
    by: '来自 {{name}}',
    privacy: {
      '0': '私密',
      '1': '不公开列出',
      '2': '公开',
    },
    privacyHelp: {
      '0': '只有你自己可以查看。',
      '1': '知道链接的人都可以打开，但不会出现在任何列表中。',
      '2': '所有人都可以找到并打开。',
    },
    'new': '新建播放列表',
    guestCannotCreate:
      '共享的游客账号有自己的「喜欢」和「标记」列表，但不能创建播放列表。注册自己的账号即可创建。',
    worksCount_other: '{{count}} 部作品',
    likesCount_other: '{{count}} 人喜欢',
    empty: '这里还没有播放列表。',
    noWorks: '这个播放列表是空的。可以在作品卡片的播放列表菜单中添加作品。',
    browse: '浏览作品库',
    edit: '编辑',
    like: '喜欢',
    unlike: '已喜欢',
    liked: '已喜欢 {{name}}',
    unliked: '已取消喜欢 {{name}}',
    deleted: '已删除 {{name}}',
    deleteTitle: '删除播放列表？',
    deleteConfirm_other: '将删除「{{name}}」及其中 {{count}} 部作品的列表。作品本身仍保留在库中。',
    dialog: {
      createTitle: '新建播放列表',
      editTitle: '编辑播放列表',
      name: '名称',
      nameRequired: '* 必填',
      systemName: '系统播放列表不能改名。',
      privacy: '谁可以查看',
      advanced: '高级',
      description: '简介',
      create: '创建',
      created: '已创建 {{name}}',
      saved: '已保存 {{name}}',
    },
    import: {
      label: '导入作品',
      placeholder: '粘贴任意文本：会从中识别出 RJ01234567 这样的作品编号。',
      found_other: '识别到 {{count}} 个作品编号',
      preview: '文本中识别到的编号',
      more_other: '还有 {{count}} 个',
    },
  },
};
