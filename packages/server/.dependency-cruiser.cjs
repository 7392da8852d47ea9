// The import rules of the server (docs/README.md, "The packages and their layers"): `npm run lint:deps`.
const src = '^packages/server/src/';

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
      comment: 'Folders (layers and areas) must not depend on each other both ways.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lower-layers-stand-alone',
      comment:
        'Repositories, mappers, the database and storage are below the rules: they never import ' +
        'services, routes, the HTTP layer or auth.',
      severity: 'error',
      from: { path: `${src}(repositories|mappers|db|storage|metadata)/` },
      to: { path: `${src}(services|routes|http|auth|scanner|recommender)/` },
    },
    {
      name: 'http-on-top',
      comment: 'Only the app, routes and the HTTP layer speak HTTP: nothing below imports routes/ or http/.',
      severity: 'error',
      from: { path: `${src}(services|repositories|mappers|db|storage|metadata|scanner|recommender|auth)/` },
      to: { path: `${src}(routes|http)/` },
    },
    {
      name: 'routes-not-siblings',
      comment: 'A route module imports the HTTP layer and services, never another route module.',
      severity: 'error',
      from: { path: `${src}routes/([^/]+)\\.ts$`, pathNot: `${src}routes/index\\.ts$` },
      to: { path: `${src}routes/`, pathNot: [`${src}routes/route\\.ts$`, `${src}routes/$1\\.ts$`] },
    },
    {
      name: 'services-without-fastify',
      comment: 'Services hold the rules, not HTTP: they never import fastify (http/ does).',
      severity: 'error',
      from: { path: `${src}(services|repositories|mappers|scanner|recommender)/` },
      to: { path: '^fastify$|node_modules/fastify/' },
    },
  ],
  options: {
    includeOnly: { path: [src, 'node_modules/fastify/'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
