// A worker for worker-pool.test.ts: answers a number with its square's decimal digits as UTF-8
// bytes (moved, not copied), and throws for a negative number.
import { parentPort, threadId } from 'node:worker_threads';
import { servePool } from '../../src/shared/worker-pool.js';

servePool<number, { bytes: Uint8Array; thread: number }>(
  parentPort!,
  (n) => {
    if (n < 0) throw new Error(`negative: ${n}`);
    return { bytes: new TextEncoder().encode(String(n * n)), thread: threadId };
  },
  (result) => [result.bytes.buffer as ArrayBuffer],
);
