import '@testing-library/jest-dom/vitest';
import { bundles } from '../src/app/bundles.ts';
import { registerBundles } from '../src/shared/i18n/index.ts';

// Every translation, as the shell registers them at start-up (app/startup.ts).
registerBundles(bundles);
