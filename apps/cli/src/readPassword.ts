import { CliError } from './cliError';

/**
 * The new account's password, never from argv (it would sit in the shell history and in `ps`): on a
 * terminal it is typed twice without echo, otherwise it is the first line of stdin.
 */
export async function readPassword(stdin: NodeJS.ReadStream, prompt: NodeJS.WriteStream): Promise<string> {
  if (!stdin.isTTY) return readFirstLine(stdin);
  const first = await readHidden(stdin, prompt, 'Password: ');
  const again = await readHidden(stdin, prompt, 'Again: ');
  if (first !== again) throw new CliError('The two passwords differ; nothing was changed.');
  return first;
}

async function readFirstLine(stdin: NodeJS.ReadStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    if (text.includes('\n')) break; // leaving the loop closes stdin, so the process can end
  }
  const line = text.split('\n')[0]?.replace(/\r$/, '') ?? '';
  if (!line) throw new CliError('Give the password on the first line of stdin (or run this in a terminal).');
  return line;
}

// Raw mode: every key arrives as typed and nothing is echoed; Enter ends, Backspace erases, Ctrl-C quits.
function readHidden(stdin: NodeJS.ReadStream, prompt: NodeJS.WriteStream, label: string): Promise<string> {
  stdin.setRawMode(true);
  stdin.resume();
  prompt.write(label);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      prompt.write('\n');
      outcome();
    };
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString('utf8')) {
        if (character === '\r' || character === '\n' || character === '\u0004') return finish(() => resolve(typed));
        if (character === '\u0003') return finish(() => reject(new CliError('Cancelled; nothing was changed.', 130)));
        if (character === '\u007f' || character === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += character;
      }
    };
    stdin.on('data', onData);
  });
}
