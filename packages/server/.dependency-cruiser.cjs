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
      from: {
        path: `${src}(services|repositories|mappers|db|storage|metadata|scanner|recommender|auth|infra)/`,
      },
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
      from: { path: `${src}(services|repositories|mappers|scanner|recommender|infra)/` },
      to: { path: '^fastify$|node_modules/fastify/' },
    },
    {
      name: 'adapters-through-services',
      comment:
        'The two protocol adapters, routes/ (/api) and subsonic/ (/rest), reach data only through ' +
        'services, which decide access and record audit: never access.ts, repositories/ or db/.',
      severity: 'error',
      from: { path: `${src}(routes|subsonic)/` },
      to: { path: [`${src}access\\.ts$`, `${src}(repositories|db)/`] },
    },
    {
      name: 'adapters-apart',
      comment: 'Nothing below the adapters imports subsonic/, and neither adapter imports the other.',
      severity: 'error',
      from: { path: src, pathNot: [`${src}subsonic/`, `${src}routes/index\\.ts$`] },
      to: { path: `${src}subsonic/` },
    },
    {
      name: 'infra-below-services',
      comment:
        'infra/ holds the outside systems (limits, cluster, media, mail) the services use: it ' +
        'never imports a service or an adapter.',
      severity: 'error',
      from: { path: `${src}infra/` },
      to: { path: `${src}(services|routes|subsonic|http)/` },
    },
    {
      name: 'outside-systems-in-infra',
      comment: 'Services reach processes, image codecs, mail and dedicated connections through infra/.',
      severity: 'error',
      from: { path: `${src}services/` },
      to: {
        path: [
          '^node:child_process$|^child_process$',
          'node_modules/(sharp|nodemailer)/',
          `${src}db/dedicated\\.ts$`,
        ],
      },
    },
    {
      name: 'root-modules-below-services',
      comment:
        'The modules at the top of src/ (context, config, errors, access ...) are imported by every ' +
        'layer, so they import none of the upper ones; only the composition roots app.ts and main.ts do. ' +
        'Folder rules do not see these files (they sit in the parent folder), hence this rule.',
      severity: 'error',
      from: { path: `${src}[^/]+\\.ts$`, pathNot: `${src}(app|main)\\.ts$` },
      to: { path: `${src}(services|routes|subsonic|http|scanner|recommender)/` },
    },
  ],
  options: {
    includeOnly: {
      path: [src, 'node_modules/(fastify|sharp|nodemailer)/', '^node:child_process$|^child_process$'],
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
