import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    health: {
      title: '运行状况',
      server: '服务器',
      version: '版本',
      uptime: '运行时间',
      uptimeValue: '{{d}} 天 {{h}} 小时 {{m}} 分',
      started: '启动于',
      ffmpegOk: '已安装（{{path}}）',
      ffmpegMissing: '未安装：无法提供低音质流',
      database: '数据库',
      dialect: '类型',
      size: '大小',
      migrations: '迁移',
      migrationsValue_other: '已应用 {{count}} 个，最新 {{last}}',
      library: '音声库',
      roots: '文件夹',
      works: '作品',
      files: '文件',
      hours: '总时长',
      hoursValue: '{{hours}} 小时',
      disk: '磁盘占用',
      caches: '缓存',
      cacheValue_other: '{{count}} 个文件，{{size}}',
      purge: '清空',
      purged: '缓存已清空：需要时会重新生成。',
      errors: '最近的服务器错误',
      noErrors: '服务器启动以来没有错误。',
      cache: {
        transcodes: '转码',
        covers: '封面',
      },
    },
  },
};
