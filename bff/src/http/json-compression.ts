import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers smaller than this go out as they are. Measured (`npm run bench -- compression`, tests/bench/compression.ts):
 * brotli's ~30 µs per answer saves more than it costs on a 50 Mbit/s link from about 512 B, but below 1 KiB the answer
 * and its headers fit one TCP segment either way, so compressing it would not save a packet.
 */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers up to this size are compressed in one synchronous step (about 1 ms of zlib at most); larger ones on
 * zlib's thread pool, so the event loop keeps serving meanwhile.
 */
export const COMPRESS_SYNC_MAX_BYTES = 256 * 1024;

/**
 * Brotli for answers made on the fly: quality 1, text mode, told the answer's size so the encoder sizes its buffers
 * to it. Measured in the server on a 9 KB patients page (issue 17 goal 3): quality 4 added 0.30 ms to the call and
 * made 1,387 B, quality 1 adds 0.10 ms and makes 1,695 B; the 308 B more take 0.05 ms on a 50 Mbit/s link, so
 * quality 1 is the quicker answer there and about even on a 10 Mbit/s one.
 */
export const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * onSend hook of the app (app.ts): the one place API answers are compressed. A JSON (text) answer of at least
 * COMPRESS_MIN_BYTES goes out as brotli or gzip, whichever the client accepts (brotli first). Up to
 * COMPRESS_SYNC_MAX_BYTES in one synchronous zlib call: a stream through zlib's thread pool measured about 1 ms per
 * call for a 35 KB page of the billing report that zlib compresses in 0.1 ms. Binary answers (the PDF, compressed
 * already) pass as they are; the client's files are compressed once at build time (client-files.ts). A callback
 * hook, not an async one: no promise on every answer (issue 17 goal 3).
 */
export function compressJson(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const encoding = typeof payload === 'string' ? encodingOf(req, reply, payload) : null;
  if (typeof payload !== 'string' || encoding === null) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding);
  if (payload.length <= COMPRESS_SYNC_MAX_BYTES) {
    done(
      null,
      encoding === 'br' ? brotliCompressSync(payload, brotliOptions(payload.length)) : gzipSync(payload),
    );
    return;
  }
  (encoding === 'br' ? brotliAsync(payload, brotliOptions(payload.length)) : gzipAsync(payload)).then(
    (compressed) => done(null, compressed),
    (error: Error) => done(error),
  );
}

/** The encoding a JSON answer goes out in (noted in Vary), or null when it goes out as it is. */
function encodingOf(req: FastifyRequest, reply: FastifyReply, payload: string): 'br' | 'gzip' | null {
  if (reply.hasHeader('content-encoding') || payload.length < COMPRESS_MIN_BYTES) return null;
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : null;
  if (encoding !== 'br' && encoding !== 'gzip') return null;
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding'))
    reply.header('vary', `${vary}, accept-encoding`);
  return encoding;
}
