import { sourceVersionOf } from '@baalda/core';
import { extractPlainText, linkedDocIdsOf } from '@baalda/markdown';
import type * as Y from 'yjs';

/** A note's plain text, the notes it links to (BL1) and source version (IDX2), read at one moment. */
export interface StoreReading {
  readonly text: string;
  readonly links: readonly string[];
  readonly version: number;
}

/**
 * One reading of a document per store cycle, shared by the extensions that need it: the version
 * extension reads it before the store, the index extension takes it after. Reading a large note's text
 * is the costly part of a store, so it is done once; text and version always come from the same moment.
 */
export class StoreCycleReadings {
  private readonly readings = new WeakMap<Y.Doc, StoreReading>();

  /** Reads the document now and keeps the reading for {@link take}. */
  read(document: Y.Doc): StoreReading {
    const reading = readingOf(document);
    this.readings.set(document, reading);
    return reading;
  }

  /** The reading made earlier in this cycle (forgotten once taken), or a fresh one when there is none. */
  take(document: Y.Doc): StoreReading {
    const reading = this.readings.get(document);
    this.readings.delete(document);
    return reading ?? readingOf(document);
  }
}

function readingOf(document: Y.Doc): StoreReading {
  return { text: extractPlainText(document), links: linkedDocIdsOf(document), version: sourceVersionOf(document) };
}
