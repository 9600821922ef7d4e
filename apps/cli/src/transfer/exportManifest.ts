import { z } from 'zod';

/**
 * The file an export leaves at its top (XFER3): which relay and vault it came from and what it wrote,
 * so exporting the same vault into the same folder again can refresh it. Import skips it (a dotfile).
 */
export const MANIFEST_NAME = '.baalda-export.json';

/** Where an export comes from: a relay's URL and one of its vaults. */
export interface ExportSource {
  readonly relay: string;
  readonly vault: string;
}

/** What `.baalda-export.json` holds. */
export interface ExportManifest extends ExportSource {
  readonly format: 'baalda-export';
  readonly version: 1;
  readonly exportedAt: string;
  /** Every file the export wrote, by vault path. */
  readonly files: readonly string[];
  readonly folders: readonly string[];
}

/** The manifest of an export of `source` at `now` that wrote `files` and `folders`. */
export function manifestOf(
  source: ExportSource,
  contents: { files: readonly string[]; folders: readonly string[] },
  now: Date,
): ExportManifest {
  return {
    format: 'baalda-export',
    version: 1,
    relay: source.relay,
    vault: source.vault,
    exportedAt: now.toISOString(),
    files: [...contents.files].sort(),
    folders: [...contents.folders].sort(),
  };
}

// Checked whole: a manifest is trusted to say which files an earlier export wrote (and may replace).
const MANIFEST = z.object({
  format: z.literal('baalda-export'),
  version: z.literal(1),
  relay: z.string(),
  vault: z.string(),
  exportedAt: z.string(),
  files: z.array(z.string()),
  folders: z.array(z.string()),
});

/** The manifest in `text`, or null when it is not one (another program's file, a damaged one). */
export function parseManifest(text: string): ExportManifest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const manifest = MANIFEST.safeParse(value);
  return manifest.success ? manifest.data : null;
}

/** True when `manifest` records an export of the same vault on the same relay (same URL). */
export function isExportOf(manifest: ExportManifest, source: ExportSource): boolean {
  return manifest.relay === source.relay && manifest.vault === source.vault;
}
