import { describe, expect, it } from 'vitest';
import { isIgnoredName, isIgnoredPath } from './mirrorLayout';

describe('mirror layout', () => {
  it('[MIR2] editors’ swap, backup, lock and partial files, dotfiles and .baalda/ are never synced', () => {
    const ignored = ['.Plan.md.swp', 'Plan.md.swx', 'Plan.md~', '.#Plan.md', '#Plan.md#', 'upload.tmp', '4913'];
    ignored.push('.DS_Store', 'movie.mp4.crdownload', '~$Report.docx', '.baalda', '.obsidian');
    for (const name of ignored) expect(isIgnoredName(name), name).toBe(true);
    for (const name of ['Plan.md', 'Report.docx', 'notes 4913.md', 'a#b.md', 'swp.md']) {
      expect(isIgnoredName(name), name).toBe(false);
    }
    expect(isIgnoredPath('.obsidian/workspace.json')).toBe(true);
    expect(isIgnoredPath('Policies/.Refunds.md.swp')).toBe(true);
    expect(isIgnoredPath('Policies/Refunds.md')).toBe(false);
  });
});
