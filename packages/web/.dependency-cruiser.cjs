// The import rules of the web app (docs/web.md, "Layout"): `npm run lint:deps`.
const src = '^packages/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules must not depend on themselves through other modules.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders (features, shared modules, the shell) must not depend on each other both ways.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is used by every feature, so it imports nothing from features/ or app/.',
      severity: 'error',
      from: { path: `${src}shared/` },
      to: { path: `${src}(features|app)/` },
    },
    {
      name: 'features-below-the-shell',
      comment: 'The shell composes the features; a feature never imports from app/.',
      severity: 'error',
      from: { path: `${src}features/` },
      to: { path: `${src}app/` },
    },
    {
      name: 'feature-public-surface',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: `${src}features/([^/]+)/` },
      to: {
        path: `${src}features/`,
        pathNot: [`${src}features/$1/`, `${src}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'shell-entry-points',
      comment:
        "The shell imports a feature's index.ts, its boot.ts (what the first paint asks of a lazy feature) and its " +
        'texts (i18n/<language>.ts); anything else of a feature ' +
        '(a screen, a dialog) it only loads on demand, with a dynamic import.',
      severity: 'error',
      from: { path: `${src}app/` },
      to: {
        path: `${src}features/`,
        pathNot: `${src}features/[^/]+/((index|boot)\\.ts|i18n/[^/]+\\.ts)$`,
        dependencyTypesNot: ['dynamic-import'],
      },
    },
  ],
  options: {
    includeOnly: src,
    doNotFollow: { path: 'node_modules' },
    babelConfig: { fileName: 'packages/web/.dependency-cruiser.babel.cjs' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
