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
  const query = db.query.bind(db);
  const exec = db.exec.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  db.exec = async (...args) => {
    await nextTurn();
    return exec(...args);
  };
  db.transaction = (callback) => transaction((tx) => callback(yieldingTransaction(tx)));
}

function yieldingTransaction(tx: Transaction): Transaction {
  const query = tx.query.bind(tx);
  const exec = tx.exec.bind(tx);
  tx.query = (async (...args: Parameters<Transaction['query']>) => {
    await nextTurn();
    return query(...args);
  }) as Transaction['query'];
  tx.exec = async (...args) => {
    await nextTurn();
    return exec(...args);
  };
  return tx;
}
