import { type Command, TOKEN_OPTIONS } from '../commandTypes';

/** `export <dir|file.zip>` and `import <dir>`: the vault as Markdown files and back. */
export const TRANSFER_COMMANDS: Record<'export' | 'import', Command> = {
  export: {
    arity: 1,
    options: [...TOKEN_OPTIONS],
    run: async () => {
      throw new Error('export: not built yet');
    },
  },
  import: {
    arity: 1,
    options: [...TOKEN_OPTIONS, '--into'],
    run: async () => {
      throw new Error('import: not built yet');
    },
  },
};
