/** An expected failure, returned as a value (core throws only on broken invariants). */
export interface Failure<Code extends string = string> {
  readonly ok: false;
  readonly code: Code;
  readonly message: string;
}

/** The outcome of a check that can fail in an expected way. */
export type Result<T, Code extends string = string> = ({ readonly ok: true } & T) | Failure<Code>;

/** Builds a {@link Failure}; `message` should tell the caller how to fix the input. */
export function fail<Code extends string>(code: Code, message: string): Failure<Code> {
  return { ok: false, code, message };
}
