// Plain JavaScript, so the CLI's Vitest config can load it from this package too (Node loads a config's
// dependencies in node_modules without compiling them); its types are in slowFirstSequencer.d.mts.
import { BaseSequencer } from 'vitest/node';

/**
 * Vitest's own order, except that the files named in `slowFiles` start first, in that order. Two files run
 * at a time: on a fresh clone Vitest has no durations yet and starts the largest files first, which left a
 * test file of minutes to start last while the other worker sat idle. Groups (`sequence.groupOrder`) keep
 * their order.
 */
export function slowFirstSequencer(slowFiles) {
  const rankOf = (spec) => {
    const rank = slowFiles.findIndex((name) => spec.moduleId.endsWith(name));
    return rank < 0 ? slowFiles.length : rank;
  };
  const groupOf = (spec) => spec.project.config.sequence.groupOrder;
  return class SlowFirstSequencer extends BaseSequencer {
    async sort(files) {
      const sorted = await super.sort(files);
      return sorted
        .map((spec, index) => ({ spec, index }))
        .sort((a, b) => groupOf(a.spec) - groupOf(b.spec) || rankOf(a.spec) - rankOf(b.spec) || a.index - b.index)
        .map(({ spec }) => spec);
    }
  };
}
