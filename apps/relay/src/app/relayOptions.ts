import type { Embedder, RateLimit, VersionSettings } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import type { PasswordCost } from '../access/passwords';
import type { AttachmentService } from '../attachments/attachmentService';
import type { ExtractionLimits } from '../attachments/extraction';
import type { DatabaseTarget } from '../db/openDatabase';
import type { PrismaClient } from '../generated/prisma/client';
import type { SemanticSearch, SemanticSettings } from '../search/semantic/semanticSearch';
import type { EdgeSettings } from '../support/edgeSettings';
import type { Logger } from '../support/logger';

/** How to start a relay. */
export interface RelayOptions {
  readonly database: DatabaseTarget;
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly host: string;
  /** The exported web app to serve (apps/web/out). */
  readonly webDir: string;
  readonly logger: Logger;
  readonly clock?: () => Date;
  /** Quiet time before a changed document is stored; stores happen at least every 2 × this. */
  readonly storeDebounceMs?: number;
  /** How long a trashed note is kept before it is purged (TR4); default 30 days. */
  readonly trashRetentionMs?: number;
  /** The embedder for index rows (EMB1); the hashed bag of words by default. */
  readonly embedder?: Embedder;
  /** SEMV5: search by meaning too (worker threads running USE lite); absent or null: by words alone. */
  readonly semantic?: SemanticSettings | null;
  /** How long shutdown waits for pending stores before giving up on them (logged). */
  readonly shutdownTimeoutMs?: number;
  /** VC1/VC3: quiet period and cap of version history; VERSION_DEFAULTS when absent. */
  readonly versionSettings?: VersionSettings;
  /** MCP16: where save_draft keeps assistants' drafts (BAALDA_DRAFTS_FOLDER); `Drafts` when absent. */
  readonly draftsFolder?: string;
  /** ACC10: where the admin key is kept; absent: a fresh key in memory only (tests read `relay.adminKey`). */
  readonly adminKeyFile?: string;
  /** ACC2: scrypt cost; DEFAULT_PASSWORD_COST when absent. */
  readonly passwordCost?: PasswordCost;
  /** How the relay is reached from outside (cookie flags, own origin, proxy). */
  readonly edge?: EdgeSettings;
  /** LIM10: the MCP rate per token; LIMITS' when absent (tests that poll raise it). */
  readonly mcpRateLimit?: RateLimit;
  /** ATT2: where attachments' bytes are kept; absent: a fresh temporary folder (tests). */
  readonly attachmentsDir?: string;
  /** LIM12 (ATT1): the largest attachment, in bytes; LIMITS.maxAttachmentBytes when absent. */
  readonly maxAttachmentBytes?: number;
  /** LIM13 (ATT5): bounds of one text extraction; LIMITS' when absent. */
  readonly extractionLimits?: Partial<ExtractionLimits>;
  /** SCALE1: the Redis shared with the other relays on this database; absent: this relay is alone. */
  readonly redisUrl?: string | null;
  /** SCALE1: the namespace of Redis keys and channels (tests keep runs apart); `baalda` when absent. */
  readonly redisPrefix?: string;
  /**
   * ACL6's rechecks as they ran before they were batched and coalesced (a pass per tree change, each open
   * document decided in turn). Only the bench sets it, to measure both in one run.
   */
  readonly rechecksAsBefore?: boolean;
}

/** A running relay. */
export interface Relay {
  readonly port: number;
  readonly httpUrl: string;
  readonly syncUrl: string;
  readonly hocuspocus: Hocuspocus;
  /** The relay's database client: tests and benches count what a step reads through it; nothing writes. */
  readonly prisma: PrismaClient;
  /** ACC10: the key `/api/admin/*` wants as a Bearer token. */
  readonly adminKey: string;
  /** ACL6: re-decides every open sync connection now. */
  recheckConnections(): Promise<void>;
  /** ATT1–ATT9: uploads, stored bytes and their text (tests wait on `settled()`). */
  readonly attachments: AttachmentService;
  /** SEMV5/SEMV6: the semantic side when on (tests wait on `settled()`), else null. */
  readonly semantic: SemanticSearch | null;
  /** VC1: runs a quiet-version capture now (with the relay's clock); how many versions were kept. */
  captureQuietVersions(): Promise<number>;
  /** Stops taking connections, stores every changed document, then closes the database. */
  close(): Promise<void>;
}
