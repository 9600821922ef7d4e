// The workspaces' layers (docs/ARCHITECTURE.md, "Package layers"): a workspace may depend only on ours of a
// lower layer, so no two packages can import each other and a pure package never reaches an app. The
// apps' devDependencies are the one exception: their tests may start another app (the CLI's start a relay).

/** Each workspace folder and its layer; a dependency must point to a strictly lower one. */
export const LAYERS = {
  'packages/markdown': 0,
  'packages/core': 1,
  'packages/semantic': 2,
  'packages/sync-client': 2,
  'apps/web': 3,
  'apps/relay': 3,
  'apps/cli': 3,
  e2e: 4,
};

/** The packages that do no I/O: no DOM and no Node types in their production tsconfig. */
export const PURE_PACKAGES = ['packages/markdown', 'packages/core'];

const APP_LAYER = 3;

/** Where each of our package names lives, from the workspaces' manifests. */
function folderOfName(manifests) {
  return new Map(Object.entries(manifests).map(([folder, manifest]) => [manifest.name, folder]));
}

/**
 * The problems of `manifests` (workspace folder → package.json) against LAYERS: a dependency on one of ours
 * in the same or a higher layer, or on a workspace LAYERS doesn't place.
 */
export function packageLayerProblems(manifests) {
  const folders = folderOfName(manifests);
  const problems = [];
  for (const [folder, manifest] of Object.entries(manifests)) {
    const layer = LAYERS[folder];
    if (layer === undefined) {
      problems.push(`${folder} has no layer in scripts/packageLayers.mjs`);
      continue;
    }
    const fields =
      layer >= APP_LAYER
        ? ['dependencies', 'peerDependencies']
        : ['dependencies', 'peerDependencies', 'devDependencies'];
    for (const field of fields) {
      for (const name of Object.keys(manifest[field] ?? {})) {
        const target = folders.get(name);
        if (target === undefined) continue;
        if (LAYERS[target] >= layer) problems.push(`${folder} depends on ${name} (${target}), which is not below it`);
      }
    }
  }
  return problems;
}

/** The problems of a pure package's production tsconfig compilerOptions: Node or DOM types let I/O in. */
export function pureTsconfigProblems(folder, compilerOptions) {
  const problems = [];
  if (!Array.isArray(compilerOptions.types) || compilerOptions.types.length > 0)
    problems.push(`${folder}/tsconfig.json must set "types": []`);
  if ((compilerOptions.lib ?? []).some((lib) => lib.toLowerCase().startsWith('dom')))
    problems.push(`${folder}/tsconfig.json must not include DOM libs`);
  return problems;
}
