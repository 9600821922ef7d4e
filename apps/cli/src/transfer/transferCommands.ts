import { type Command, TOKEN_OPTIONS } from '../commandTypes';
import { runExport } from './exportVault';
import { runImport } from './importVault';

/** `export <dir|file.zip>` and `import <dir>`: the vault as Markdown files and back (XFER1–XFER8). */
export const TRANSFER_COMMANDS: Record<'export' | 'import', Command> = {
  export: {
    arity: 1,
    options: [...TOKEN_OPTIONS],
    usage: `  export <dir|file.zip>      write every note as Markdown (front matter holds its docId) and
                             every attachment as its file`,
    run: (input) => runExport(input),
  },
  import: {
    arity: 1,
    options: [...TOKEN_OPTIONS, '--into'],
    usage: `  import <dir> [--into F]    add a folder of Markdown and other files (an Obsidian vault) as notes
                             and attachments, keeping its tree; importing it again adds nothing twice`,
    run: (input) => runImport(input),
  },
};
