'use client';

import type { Result } from '@baalda/core';
import { useState } from 'react';
import { describeAccessError } from '../../lib/access/accessErrors';

/** One change at a time from a settings tab: whether it is under way, and the last refusal in plain words. */
export interface AccessAction {
  readonly busy: boolean;
  readonly error: string | null;
  /** Runs `call`; on success hands its answer to `onDone`, on failure keeps the words in `error`. */
  run<T extends object>(call: () => Promise<Result<T, string>>, onDone?: (answer: T) => void): Promise<void>;
  clearError(): void;
}

export function useAccessAction(): AccessAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    clearError: () => setError(null),
    run: async (call, onDone) => {
      setBusy(true);
      setError(null);
      const answer = await call();
      setBusy(false);
      if (answer.ok) onDone?.(answer);
      else setError(describeAccessError(answer));
    },
  };
}
