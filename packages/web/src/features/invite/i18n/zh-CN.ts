import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  invite: {
    title: '你收到了邀请',
    intro: '为你的账号选择用户名和密码。此邀请只能使用一次，有效至 {{until}}。',
    name: '用户名',
    password: '密码',
    repeat: '再次输入密码',
    create: '创建我的账号',
  },
};
