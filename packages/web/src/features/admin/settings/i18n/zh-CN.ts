import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    settings: {
      title: '站点设置',
      intro: '修改立即生效，无需重启。由环境变量指定的设置以只读显示：以环境变量为准。',
      groups: {
        access: '注册与访问',
        maintenance: '维护',
        network: '地址与代理',
        mail: '邮件',
        monitoring: '监控',
        backups: '备份',
      },
      keys: {
        registrationEnabled: {
          label: '开放注册',
          help: '开启：任何人都可以创建账号。关闭：只有受邀的人可以注册（邀请）。',
        },
        anonymousMedia: { label: '匿名收听', help: '未登录的访客可以播放和下载。' },
        registrationLimit: {
          label: '每个地址每小时可注册数',
          help: '同一地址一小时内最多可创建的账号数；被拒绝的用户名不计入。',
        },
        subtitleQuotaMb: {
          label: '社区字幕存储空间（MiB）',
          help: '待审核和已采用的社区字幕可占用的磁盘空间；超出后的上传将被拒绝。',
        },
        guestRateLimit: {
          label: '访客每分钟请求数',
          help: '共享访客账号按地址计算；超出后在本分钟内拒绝请求。',
        },
        maintenance: { label: '维护模式', help: '所有访客看到下面的消息，而不是站点内容。' },
        maintenanceClosed: {
          label: '维护期间关闭站点',
          help: '维护模式开启时：除管理员外的所有请求（包括 Subsonic 播放器和音频流）都会收到“503 维护中”及下面的消息。管理员仍可使用控制台。',
        },
        maintenanceHtml: { label: '维护消息', help: '维护期间显示；可以使用简单的 HTML。' },
        publicUrl: {
          label: '公开地址',
          help: '站点的地址，用于回应中的链接（例如 https://asmr.example.org）。留空：使用每个请求的地址。',
        },
        trustProxy: {
          label: '受信任的代理',
          help: '反向代理的地址或网段，以逗号分隔（例如 127.0.0.1, 10.0.0.0/8）。只信任它们的转发头。',
        },
        smtpUrl: {
          label: 'SMTP 服务器',
          help: 'smtp://用户名:密码@主机:587。留空：邮件写入数据目录中的 outbox.log。',
        },
        mailFrom: { label: '发件人', help: '所有邮件的发件人，例如 Sasayaki <no-reply@example.org>。' },
        backupIntervalHours: {
          label: '备份间隔（小时）',
          help: '按此间隔将数据库和实例密钥备份到数据文件夹的 backups/ 中（0：不备份）。备份列表见“运行状况”页面。',
        },
        backupKeep: {
          label: '保留的定时备份数',
          help: '超出此数量的最旧定时备份会被删除；手动备份会一直保留到你删除。',
        },
        metricsToken: {
          label: '监控令牌',
          help: '让其他主机上的 Prometheus 读取 /metrics（Authorization: Bearer …）；至少 16 个字符。未设置时，/metrics 只对本机和受信任的代理开放。',
        },
      },
      fromEnv: '由 {{env}} 指定',
      isDefault: '默认值 · 可由 {{env}} 覆盖',
      useDefault: '恢复默认',
      secretSet: '已设置',
      secretUnset: '未设置',
      secretKept: '保持不变；输入以替换',
      testMailTo: '测试邮件收件人',
      testMail: '发送测试邮件',
      testMailSent: '测试邮件已发送。',
      saved: '设置已保存。',
      discard: '放弃修改',
      save_other: '保存 {{count}} 项修改',
    },
  },
};
