import { CliError } from './cliError';

/**
 * A new password, never from argv (it would sit in the shell history and in `ps`): on a
 * terminal it is typed twice without echo, otherwise it is the first line of stdin.
 */
export async function readPassword(stdin: NodeJS.ReadStream, prompt: NodeJS.WriteStream): Promise<string> {
  if (!stdin.isTTY) {
    const [line] = await readLines(stdin, 1);
    if (!line) throw new CliError('Give the password on the first line of stdin (or run this in a terminal).');
    return line;
  }
  return readNewHidden(stdin, prompt, 'Password: ');
}

/**
 * A person's current password and their new one (ACC12): typed without echo, the new one twice, on a
 * terminal; otherwise the first two lines of stdin.
 */
export async function readPasswordChange(
  stdin: NodeJS.ReadStream,
  prompt: NodeJS.WriteStream,
): Promise<{ current: string; next: string }> {
  if (!stdin.isTTY) {
    const [current, next] = await readLines(stdin, 2);
    if (!current || !next) {
      throw new CliError('Give the current password on the first line of stdin and the new one on the second.');
    }
    return { current, next };
  }
  const current = await readHidden(stdin, prompt, 'Current password: ');
  return { current, next: await readNewHidden(stdin, prompt, 'New password: ') };
}

async function readNewHidden(stdin: NodeJS.ReadStream, prompt: NodeJS.WriteStream, label: string): Promise<string> {
  const first = await readHidden(stdin, prompt, label);
  const again = await readHidden(stdin, prompt, 'Again: ');
  if (first !== again) throw new CliError('The two passwords differ; nothing was changed.');
  return first;
}

// The first `count` lines of stdin, without their line ends; fewer when stdin ends first.
async function readLines(stdin: NodeJS.ReadStream, count: number): Promise<string[]> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    if (text.split('\n').length > count) break; // leaving the loop closes stdin, so the process can end
  }
  return text
    .split('\n')
    .slice(0, count)
    .map((line) => line.replace(/\r$/, ''));
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
