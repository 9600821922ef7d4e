import { type Command, TOKEN_OPTIONS } from '../commandTypes';
import { runExport } from './exportVault';
import { runImport } from './importVault';

/** `export <dir|file.zip>` and `import <dir>`: the vault as Markdown files and back (XFER1–XFER8). */
export const TRANSFER_COMMANDS: Record<'export' | 'import', Command> = {
  export: {
    arity: 1,
    options: [...TOKEN_OPTIONS],
    run: (input) => runExport(input),
  },
  import: {
    arity: 1,
    options: [...TOKEN_OPTIONS, '--into'],
    run: (input) => runImport(input),
  },
};
