/** The mirror's lines on stderr: one per action, each starting with `mirror: `. */
export interface MirrorLog {
  line(text: string): void;
  /**
   * Logs `text` unless the last line under `key` said the same: for conditions that persist (a refused
   * file, an unreachable relay), which must be said once, not every pass.
   */
  once(key: string, text: string): void;
  /** Forgets `key`, so the condition is said again if it comes back. */
  clear(key: string): void;
}

export function createMirrorLog(write: (line: string) => void): MirrorLog {
  const said = new Map<string, string>();
  const line = (text: string) => write(`mirror: ${text}`);
  return {
    line,
    once(key, text) {
      if (said.get(key) === text) return;
      said.set(key, text);
      line(text);
    },
    clear: (key) => said.delete(key),
  };
}
