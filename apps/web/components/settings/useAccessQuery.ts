'use client';

import type { Result } from '@baalda/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeAccessError } from '../../lib/access/accessErrors';

/** A settings list as the UI shows it: loading, read, or why it could not be read (in plain words). */
export type QueryView<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'failed'; readonly message: string };

interface Answered<T> {
  readonly key: string;
  readonly view: QueryView<T>;
}

/**
 * Loads one access list from the relay whenever `key` changes, and again on `reload()`. A reload keeps the
 * list on screen until the new answer comes, so a change doesn't flash "Loading"; a new key (another
 * vault) shows loading at once, never the old vault's list.
 */
export function useAccessQuery<T extends object>(
  load: () => Promise<Result<T, string>>,
  key: string,
): { view: QueryView<T>; reload(): void } {
  const [generation, setGeneration] = useState(0);
  const [answered, setAnswered] = useState<Answered<T> | null>(null);
  // The loader is an inline closure; keeping the latest in a ref lets only `key` and reloads trigger a load.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is how reload() asks for a new load.
  useEffect(() => {
    let live = true;
    void latestLoad.current().then((answer) => {
      if (!live) return;
      const view: QueryView<T> = answer.ok
        ? { status: 'ready', value: answer }
        : { status: 'failed', message: describeAccessError(answer) };
      setAnswered({ key, view });
    });
    return () => {
      live = false;
    };
  }, [key, generation]);
  const view: QueryView<T> = answered?.key === key ? answered.view : { status: 'loading' };
  // Stable, so a caller can list it in an effect's dependencies.
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { view, reload };
}
