// A relay of a group (SCALE1): Redis carries edits, awareness and relay events between the relays on one
// database. Loaded by joinRelays only when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { RedisSyncExtension } from './RedisSyncExtension';
import { connectRedis } from './redisClients';
import { parseScaleMessage, type ScaleEvent } from './scaleEvents';
import type { ScaleEventHandlers, ScaleOut, ScaleOutOptions } from './scaleOut';
import { redisCallMeter, redisSignInGuard } from './sharedLimits';

/** Connects to Redis: the sync extension for documents, plus one pub/sub channel for relay events. */
export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const identifier = `relay-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const channel = `${options.prefix}:events`;
  const publisher = await connectRedis(options.redisUrl, `${identifier}-events-pub`, options.logger);
  const subscriber = await connectRedis(options.redisUrl, `${identifier}-events-sub`, options.logger).catch(
    (error: unknown) => {
      publisher.disconnect();
      throw error;
    },
  );
  const receiving = receiveEvents(subscriber, channel, identifier, options);
  await subscriber.subscribe(channel);
  resyncAfterReconnects(subscriber, channel, receiving, options);
  const extension = new RedisSyncExtension({
    identifier,
    prefix: options.prefix,
    // Each relay opens its own pair; duplicating ours keeps URL, password and TLS settings in one place.
    createClient: () => publisher.duplicate(),
  });
  // Set again by onConfigure when the app configures the sync server; events may reach it before that.
  extension.instance = options.hocuspocus;
  let lostEvents = false;
  const send = (event: ScaleEvent) => {
    publisher.publish(channel, JSON.stringify({ ...event, from: identifier })).catch((error: unknown) => {
      // ioredis queued it through its retries and gave up: the others hear `resync` once Redis is back.
      lostEvents = true;
      options.logger.error('relay event not published', { type: event.type, message: (error as Error).message });
    });
  };
  publisher.on('ready', () => {
    if (!lostEvents) return;
    lostEvents = false;
    send({ type: 'resync' });
  });
  const indexBatch = batchPerTick((docIds) => send({ type: 'index', docIds }));
  const purgedBatch = batchPerTick((docIds) => send({ type: 'purged', docIds }));
  return {
    extension,
    indexChanged: indexBatch.add,
    notePurged: purgedBatch.add,
    treeChanged: (vaultId, version) => send({ type: 'tree', vaultId, version }),
    limits: {
      callMeter: (limit) => redisCallMeter(publisher, options.prefix, limit, options.logger),
      signInGuard: () => redisSignInGuard(publisher, options.prefix, options.logger),
    },
    async close() {
      indexBatch.flush();
      purgedBatch.flush();
      await extension.onDestroy();
      await subscriber.quit().catch(() => subscriber.disconnect());
      await receiving.idle();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

// Events are handled one at a time, in arrival order: two re-reads of one row never land out of order.
function receiveEvents(subscriber: Redis, channel: string, identifier: string, options: ScaleOutOptions) {
  let tail: Promise<void> = Promise.resolve();
  const enqueue = (type: string, work: () => Promise<void>) => {
    tail = tail.then(work).catch((error: unknown) => {
      options.logger.error('relay event failed', { type, message: (error as Error).message });
    });
  };
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const message = parseScaleMessage(raw);
    if (!message) {
      options.logger.warn('relay event ignored: unknown shape', { channel });
      return;
    }
    if (message.from === identifier) return;
    enqueue(message.type, () => handleEvent(message, options.handlers));
  });
  return { idle: () => tail, enqueue };
}

/**
 * SCALE7: Redis pub/sub keeps nothing for a subscriber that is away, so after each reconnect the relay
 * subscribes again (ioredis does too; awaiting it here means nothing published from now on is missed)
 * and then re-reads from the database what the events it may have missed would have told it.
 */
function resyncAfterReconnects(
  subscriber: Redis,
  channel: string,
  receiving: ReturnType<typeof receiveEvents>,
  options: ScaleOutOptions,
): void {
  subscriber.on('ready', () => {
    options.logger.info('relay events reconnected; re-reading what they may have missed');
    receiving.enqueue('resync', async () => {
      await subscriber.subscribe(channel);
      await options.handlers.resync();
    });
  });
}

async function handleEvent(event: ScaleEvent, handlers: ScaleEventHandlers): Promise<void> {
  switch (event.type) {
    case 'index':
      return handlers.reloadIndexRows(event.docIds);
    case 'purged':
      return handlers.closeNotes(event.docIds);
    case 'tree':
      return handlers.treeChanged(event.vaultId, event.version);
    case 'resync':
      return handlers.resync();
  }
}

/** Ids per message; a purge of thousands of notes travels as several. */
const BATCH_IDS = 1000;

// A tree op places many rows in one commit; they travel as one message.
function batchPerTick(sendBatch: (docIds: string[]) => void) {
  const pending = new Set<string>();
  let scheduled: NodeJS.Immediate | null = null;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (pending.size === 0) return;
    const docIds = [...pending];
    pending.clear();
    for (let start = 0; start < docIds.length; start += BATCH_IDS) sendBatch(docIds.slice(start, start + BATCH_IDS));
  };
  return {
    add(docId: string) {
      pending.add(docId);
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
