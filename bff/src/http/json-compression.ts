import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Smaller answers go out as they are: below 1 KiB an answer and its headers fit one TCP segment either way
 * (tests/bench/compression.ts).
 */
export const COMPRESS_MIN_BYTES = 1024;
/** Answers up to this size are compressed synchronously (about 1 ms of zlib at most), larger ones on its pool. */
export const COMPRESS_SYNC_MAX_BYTES = 256 * 1024;

/**
 * Brotli for answers made on the fly: quality 1, text mode, told the answer's size
 * (decisions.md "Answers compressed with brotli quality 1").
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
 * The app's onSend hook: a JSON answer of COMPRESS_MIN_BYTES or more goes out as brotli or gzip as accepted; up to
 * COMPRESS_SYNC_MAX_BYTES in one synchronous call (a stream through zlib's pool cost ~1 ms for 0.1 ms of work).
 * Binary answers pass as they are. A callback hook: no promise on every answer.
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
