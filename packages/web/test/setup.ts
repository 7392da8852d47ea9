import '@testing-library/jest-dom/vitest';
import { texts as consoleEn } from '../src/app/catalogues/console-en.ts';
import { texts as consoleJa } from '../src/app/catalogues/console-ja.ts';
import { texts as consoleZhCN } from '../src/app/catalogues/console-zh-CN.ts';
import { texts as en } from '../src/app/catalogues/en.ts';
import { texts as ja } from '../src/app/catalogues/ja.ts';
import { texts as zhCN } from '../src/app/catalogues/zh-CN.ts';
import { addLanguage } from '../src/shared/i18n/index.ts';

// Every language at once, so tests need not wait for a chunk (the shell loads one: app/startup.ts).
addLanguage('en', [...en, ...consoleEn]);
addLanguage('zh-CN', [...zhCN, ...consoleZhCN]);
addLanguage('ja', [...ja, ...consoleJa]);
