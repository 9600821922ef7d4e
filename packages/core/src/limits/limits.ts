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
} as const;
