/** One bench client: its own WebSocket, provider and Y.Doc, on one document. Ids are unique in a fleet. */
export interface ClientSpec {
  readonly id: number;
  readonly documentName: string;
}

/** Messages from the bench to a clientHost.ts worker; each is answered by a `done` with its `requestId`. */
export type WorkerRequest = { readonly requestId: number } & (
  | { readonly type: 'connect'; readonly syncUrl: string; readonly token: string; readonly clients: ClientSpec[] }
  | { readonly type: 'disconnect'; readonly clients: number[] }
  /** Appends paragraphs and answers once the relay has acknowledged them. */
  | { readonly type: 'append'; readonly client: number; readonly texts: string[] }
  /** Appends the paragraph of edit `editId`, then drops the oldest paragraphs beyond `keepParagraphs`. */
  | { readonly type: 'edit'; readonly client: number; readonly editId: number; readonly keepParagraphs?: number }
  | { readonly type: 'collect' }
  | { readonly type: 'stop' }
);

/** When edits were made and seen, as `performance.timeOrigin + performance.now()` (comparable across processes). */
export interface EditTimes {
  /** [editId, time of the sender's local edit]. */
  readonly sent: Array<[number, number]>;
  /** [editId, time a receiving client's doc applied it], one per receiving client. */
  readonly received: Array<[number, number]>;
  /** Per worker, the share of the time since its last collect its event loop was busy (0–1). */
  readonly workersBusy: number[];
  /** Times a client's socket closed without the bench asking, since the last collect (the provider reconnects). */
  readonly drops: number;
}

/** The answer of a worker to a request. */
export interface WorkerReply {
  readonly type: 'done';
  readonly requestId: number;
  readonly times?: EditTimes;
  readonly error?: string;
}

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * The text of edit `editId`'s paragraph, its digits spelled as words: a number would be a word the search
 * index had never seen at every edit, and the soak would measure the index's vocabulary growing (every
 * word ever indexed keeps a posting list) rather than the relay.
 * @example editParagraphText(42) // 'bench-edit: four two;'
 */
export function editParagraphText(editId: number): string {
  const words = [...String(editId)].map((digit) => DIGIT_WORDS[Number(digit)]);
  return `bench-edit: ${words.join(' ')};`;
}

/** Every edit id in `bytes` (an update's, read as latin1), in order. */
export function editIdsIn(bytes: string): number[] {
  return [...bytes.matchAll(EDIT_PATTERN)].map((match) =>
    Number(
      (match[1] ?? '')
        .trim()
        .split(' ')
        .map((word) => DIGIT_WORDS.indexOf(word))
        .join(''),
    ),
  );
}

const EDIT_PATTERN = /bench-edit: ([a-z ]+);/g;
