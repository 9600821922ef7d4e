/** The files of a drop from the operating system, and how many dropped folders were left out. */
export interface DroppedFiles {
  readonly files: File[];
  readonly skippedFolders: number;
}

/** True when a drag carries files from outside the page (not a row of the tree being moved). */
export function isFileDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes('Files');
}

/**
 * The dropped files. A dropped folder arrives as a `File` too, one whose bytes can never be read; sending
 * it would fail forever, so folders are left out (and counted, to say so) wherever the browser can tell.
 */
export function readDroppedFiles(dataTransfer: DataTransfer): DroppedFiles {
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0) return { files: Array.from(dataTransfer.files), skippedFolders: 0 };
  const files: File[] = [];
  let skippedFolders = 0;
  for (const item of items) {
    if (item.webkitGetAsEntry?.()?.isDirectory) skippedFolders += 1;
    else {
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  return { files, skippedFolders };
}
