// How the dependency check reads TypeScript. TypeScript 7 has no JavaScript API for
// dependency-cruiser to call, so Babel strips the types and JSX first. `import type` lines are
// turned into plain imports before that, so type-only dependencies obey the rules too.
function keepTypeImports() {
  const asValue = (node) => {
    if (node.importKind === 'type') node.importKind = 'value';
    if (node.exportKind === 'type') node.exportKind = 'value';
  };
  return {
    visitor: {
      Program(path) {
        for (const statement of path.node.body) {
          if (!statement.source) continue;
          asValue(statement);
          for (const specifier of statement.specifiers ?? []) asValue(specifier);
        }
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports, ['@babel/plugin-transform-react-jsx', { runtime: 'automatic' }]],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
