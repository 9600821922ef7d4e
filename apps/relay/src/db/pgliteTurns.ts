import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * DB9: every PGlite statement first waits for the next turn of the event loop. PGlite runs PostgreSQL in this
 * thread, and its promises resolve without any I/O, so a store cycle's statements (the note's state, its
 * version, its index row, its links) ran back to back in one turn, 10–15 ms during which no WebSocket
 * message was read: an edit that arrived then waited for all of them, where PostgreSQL's statements each
 * wait on the network and let it through. Now it waits for one statement at most. Statements keep their
 * order (turns are first in, first out) and a transaction keeps PGlite's lock across its turns.
 */
export function yieldBeforeEachStatement(db: PGlite): void {
  yieldBeforeStatementsOf(db);
  const transaction = db.transaction.bind(db);
  db.transaction = (callback) => transaction((tx) => callback(yieldBeforeStatementsOf(tx)));
}

/** Makes `target`'s query and exec wait for the next turn first; answers `target`. */
function yieldBeforeStatementsOf<Target extends PGlite | Transaction>(target: Target): Target {
  target.query = afterNextTurn(target.query.bind(target)) as Target['query'];
  target.exec = afterNextTurn(target.exec.bind(target)) as Target['exec'];
  return target;
}

function afterNextTurn<Args extends unknown[], Result>(
  run: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    await nextTurn();
    return run(...args);
  };
}
