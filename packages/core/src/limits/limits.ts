/**
 * Every size limit an external input meets, in one place so README and SPEC can cite them (LIM*).
 * Sizes are bytes unless the name says otherwise.
 */
export const LIMITS = {
  /**
   * LIM1: one WebSocket frame. A single Yjs update bigger than this is refused; besides bounding memory,
   * this bounds the work of decoding untrusted Yjs bytes (crafted updates can stall a decoder, yjs#687).
   */
  maxFrameBytes: 2 * 1024 * 1024,
  /** LIM2: the stored Yjs state of one note the relay will load or keep. */
  maxDocumentStateBytes: 16 * 1024 * 1024,
  /** LIM3: one HTTP request body; fits a full batch of tree ops (LIM7) with long paths. */
  maxRequestBodyBytes: 1024 * 1024,
  /** LIM4: a document name on the wire (characters). */
  maxDocumentNameLength: 128,
  /** LIM5: a note title (characters, after trimming). */
  maxTitleLength: 200,
  /** LIM6 (PATH7): a whole path, in characters. */
  maxPathLength: 1024,
  /** LIM6 (PATH7): one name in a path, in bytes of UTF-8 (what most disks allow). */
  maxPathSegmentBytes: 255,
  /** LIM7: vault operations in one request or message. */
  maxOpsPerBatch: 100,
  /** LIM8: one search query, in characters. */
  maxSearchQueryLength: 500,
  /** LIM8: results one search may return. */
  maxSearchResults: 50,
  /** LIM9 (ACC1): an email address, in characters (RFC 5321's path limit). */
  maxEmailLength: 254,
  /** LIM9 (ACC2): a password, in characters; the least is what NIST SP 800-63B asks of chosen ones. */
  minPasswordLength: 10,
  /** LIM9 (ACC2): long enough for any passphrase, short enough that hashing it costs nothing extra. */
  maxPasswordLength: 256,
  /** LIM9 (ACC3): a person's, vault's or token's name, in characters. */
  maxNameLength: 80,
  /** LIM9 (ACC4): how far ahead a token may expire, in days (ten years). */
  maxTokenDays: 3650,
  /** LIM9 (ACC4): how long an invite link may stay valid, in days. */
  maxInviteDays: 30,
  /**
   * LIM11: one MCP request body: room for `update_note`'s largest text (1,000,000 characters) even when
   * most of it is multi-byte, with JSON escaping.
   */
  maxMcpBodyBytes: 8 * 1024 * 1024,
  /** LIM10: MCP requests one access token may make per second, sustained (`RateLimiter`). */
  mcpRequestsPerSecond: 10,
  /** LIM10: MCP requests one access token may make at once before the rate applies. */
  mcpRequestBurst: 40,
  /** LIM12 (ATT1): one attachment's bytes, by default; a relay may set another (`BAALDA_MAX_ATTACHMENT_MB`). */
  maxAttachmentBytes: 50 * 1024 * 1024,
  /** LIM13 (ATT5): wall-clock time to extract one attachment's text. */
  extractionTimeoutMs: 30_000,
  /** LIM13 (ATT5): resident memory of the process extracting one attachment. */
  extractionMaxMemoryBytes: 512 * 1024 * 1024,
  /** LIM13 (ATT5): characters of text kept from one attachment; the rest is cut and the cut recorded. */
  maxExtractedChars: 5_000_000,
  /** LIM13 (ATT5): bytes one compressed part of a file (a DOCX's XML) may inflate to: the zip-bomb guard. */
  maxInflatedBytes: 64 * 1024 * 1024,
  /** LIM14 (ATT8): files one device keeps queued for upload while offline. */
  maxPendingUploads: 100,
  /**
   * LIM15 (WS8): how deep a value inside a Yjs update (an Any array or object, a JSON embed or format)
   * may nest; deeper ones would send a recursive decoder off the stack. Editor attributes nest 2–3 deep.
   */
  maxUpdateNestingDepth: 100,
  /**
   * LIM16 (WS9): how long a sync socket may stay open before one of its documents is authenticated. A
   * provider authenticates in its first round trip; a socket still silent after this is an attacker's.
   */
  authDeadlineMs: 10_000,
  /**
   * LIM16 (WS9): distinct documents one socket may address before its first authentication. The web app
   * opens its vault channel and the notes on screen; each unauthenticated name costs queue and hook state.
   */
  maxPreAuthDocuments: 50,
  /**
   * LIM16 (WS9): bytes one socket may send before its first authentication. A provider sends its token,
   * state vectors and awareness first (a few KiB); its edits follow authentication, so nothing is lost.
   */
  maxPreAuthBytes: 1024 * 1024,
  /**
   * LIM16 (WS9): frames one socket may send before its first authentication; a provider sends three per
   * document (token, state vector, awareness), so this fits LIM16's documents with room to spare.
   */
  maxPreAuthFrames: 500,
  /**
   * LIM17 (WS10): sockets from one client address that may be open and not yet authenticated at once;
   * more are closed at once with `1013 TOO_MANY_PENDING_SOCKETS` until some authenticate or time out (LIM16).
   */
  maxPendingSocketsPerAddress: 50,
  /** LIM17 (WS10): sockets not yet authenticated across all addresses at once (bounds memory). */
  maxPendingSockets: 1000,
  /**
   * LIM18 (IDX1): characters of a note's text the search index keeps; the rest of a longer note is not
   * searchable. Tokenizing and embedding 10 MB of text held the relay's event loop for seconds at every
   * store of such a note; a million characters (some 500 pages) take a tenth of that.
   */
  maxIndexedNoteChars: 1_000_000,
  /**
   * LIM20 (BL1): notes one note's links are kept for as backlinks; links past these are not counted. A
   * hostile document could hold millions of links, and each is a row.
   */
  maxLinksPerNote: 1000,
  /** LIM20 (BL2): backlinks one answer lists; `truncated` says when there were more. */
  maxBacklinks: 500,
  /**
   * LIM19 (PRES8): one awareness update a client sends. A provider sends its own state (a name, a colour
   * and a caret: a few hundred bytes), and the relay passes it on to everyone in the note: without a bound
   * one frame (LIM1) could make the relay keep and send 2 MiB per person present.
   */
  maxAwarenessBytes: 16 * 1024,
} as const;
