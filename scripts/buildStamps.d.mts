/** The builds buildStamps.mjs fingerprints. */
export type BuildName = 'web' | 'prisma' | 'relay' | 'cli';

/** True when the build's output matches its sources as they are now. */
export function isBuildCurrent(name: BuildName): boolean;

/** Records that the build's output now matches its sources. */
export function stampBuild(name: BuildName): void;
