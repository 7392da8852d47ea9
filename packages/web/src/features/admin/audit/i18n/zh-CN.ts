import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    audit: {
      title: '审计日志',
      actor: '管理员',
      action: '操作',
      allActions: '全部操作',
      empty: '没有记录。管理员的每项操作都会记在这里：谁、做了什么、何时。',
      system: '（系统）',
      count_other: '共 {{count}} 条记录',
      details: {
        group: '用户组',
        full: '完整',
        delivery: '交付方式',
        userId: '账户',
        workId: '作品',
        tagId: '标签',
        id: '编号',
        expiresAt: '到期',
        createdBy: '创建者',
      },
      values: {
        delivery: { mail: '通过邮件发送', shown: '只显示一次' },
        yes: '是',
        no: '否',
      },
      actions: {
        settings: {
          update: '修改了设置',
          'test-mail': '发送了测试邮件',
        },
        account: {
          create: '创建了账号',
          group: '修改了用户组：',
          password: '设置了密码：',
          'reset-password': '重置了密码：',
          disable: '停用了',
          enable: '启用了',
          delete: '删除了账号',
        },
        cache: {
          purge: '清空了缓存',
        },
        review: {
          hide: '隐藏了评价：',
          show: '重新显示了评价：',
          delete: '删除了评价：',
        },
        work: {
          'tag-remove': '移除了标签：',
        },
        library: {
          rescan: '开始了重新扫描',
          schedule: '更改了作品库的扫描计划',
        },
        feedback: {
          handle: '处理了问题报告',
        },
        invitation: {
          create: '创建了邀请',
          revoke: '撤销了邀请',
          use: '通过邀请注册',
        },
      },
    },
  },
};
