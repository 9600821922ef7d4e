import { type Command, TOKEN_OPTIONS } from '../commandTypes';

/** `mirror <dir>`: the vault as a folder of Markdown files, kept in step both ways until Ctrl-C. */
export const MIRROR_COMMAND: Command = {
  arity: 1,
  options: [...TOKEN_OPTIONS, '--interval'],
  run: async () => {
    throw new Error('mirror: not built yet');
  },
};
