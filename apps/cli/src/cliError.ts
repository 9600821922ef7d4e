/** Exit codes: 1 when the relay refused or could not be reached, 2 when the command line itself is wrong. */
export const EXIT = { refused: 1, usage: 2 } as const;

/** An error the person can fix; the CLI prints only its message (one line) and exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The value of a core check, or a usage error carrying its message (prefixed with what was checked). */
export function requireOk<R extends { ok: true } | { ok: false; message: string }>(
  result: R,
  what?: string,
): Extract<R, { ok: true }> {
  if (result.ok) return result as Extract<R, { ok: true }>;
  const { message } = result as { message: string };
  throw new CliError(what ? `${what}: ${message}` : message);
}
