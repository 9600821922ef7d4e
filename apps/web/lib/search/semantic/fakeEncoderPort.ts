import type { EmbedJob, EncoderReply } from './encoderMessages';
import type { EncoderPort } from './workerEncoder';

/** An encoder worker in tests: the test says when it is ready and answers jobs by hand. */
export interface FakeEncoderPort extends EncoderPort {
  readonly jobs: EmbedJob[];
  terminated: boolean;
  reply(reply: EncoderReply): void;
  crash(reason: string): void;
}

export function fakeEncoderPort(): FakeEncoderPort {
  let onReply: (reply: EncoderReply) => void = () => {};
  let onCrash: (reason: string) => void = () => {};
  const port: FakeEncoderPort = {
    jobs: [],
    terminated: false,
    send: (job) => port.jobs.push(job),
    listen(reply, crash) {
      onReply = reply;
      onCrash = crash;
    },
    terminate() {
      port.terminated = true;
    },
    reply: (reply) => onReply(reply),
    crash: (reason) => onCrash(reason),
  };
  return port;
}

/** The worker's "ready" for a 2-dimension encoder. */
export const READY: EncoderReply = { kind: 'ready', name: 'use-lite-512-v1', dimensions: 2, loadMs: 900 };
