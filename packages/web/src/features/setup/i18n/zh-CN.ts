import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  setup: {
    title: '欢迎使用 Sasayaki',
    intro: '请创建管理员账号。管理员可以添加作品库文件夹、管理账号和设置，也可以照常收听。',
    name: '管理员用户名',
    password: '密码',
    repeat: '再次输入密码',
    create: '创建管理员',
    lost: '刚刚已有其他人创建了管理员。请用该账号登录，或向其所有者申请账号。',
    continue: '进入作品库',
  },
};
