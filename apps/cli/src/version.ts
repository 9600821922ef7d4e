import cliPackage from '../package.json' with { type: 'json' };

/** The CLI's version, from apps/cli/package.json (bundled in, so the bundle needs no file beside it). */
export const CLI_VERSION: string = cliPackage.version;
