import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

// A brotli stream whose start is compressed once and whose end, different in every answer, is added as
// it is (a post page: its comment form's start time is the last thing in it; post-page.ts).

const compress = promisify(brotliCompress);

/**
 * `start` at brotli's best (11, as the build compresses the other pages), flushed but not finished: the
 * stream ends on a byte boundary and any meta-block may follow it (RFC 7932, section 9.2). About 130 ms
 * of CPU for a post (65-70 kB of HTML), spent in libuv's thread pool, not on the event loop.
 */
export async function brotliOpenStream(start: Buffer): Promise<Buffer> {
  return compress(start, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: start.length,
    },
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  });
}

/** Longest end this module writes: one uncompressed meta-block holds up to 2^24 bytes. */
const maxEnd = 1 << 24;

/**
 * An open stream (brotliOpenStream) closed with `end` stored as it is: an uncompressed meta-block (ISLAST
 * 0, MNIBBLES, MLEN - 1, ISUNCOMPRESSED 1, zero bits to the byte's end, the bytes; RFC 7932, 9.2), then an
 * empty last meta-block (ISLAST 1, ISLASTEMPTY 1). A meta-block stored as it is needs none of the state
 * of the blocks before it, so the compressed start serves every answer.
 */
export function closeBrotliStream(open: Buffer, end: Buffer): Buffer {
  if (end.length === 0) return Buffer.concat([open, lastEmptyMetaBlock]);
  if (end.length > maxEnd) throw new RangeError(`an end of ${end.length} bytes is over ${maxEnd}`);
  const lengthMinusOne = end.length - 1;
  const nibbles = lengthMinusOne < 1 << 16 ? 4 : lengthMinusOne < 1 << 20 ? 5 : 6;
  // The header's bits, least significant first: 1 + 2 + 4 * nibbles + 1 bits, at most 28.
  const bits = ((nibbles - 4) << 1) | (lengthMinusOne << 3) | (1 << (3 + 4 * nibbles));
  const header = Buffer.alloc(Math.ceil((4 + 4 * nibbles) / 8));
  for (let index = 0; index < header.length; index++) header[index] = (bits >>> (8 * index)) & 0xff;
  return Buffer.concat([open, header, end, lastEmptyMetaBlock]);
}

const lastEmptyMetaBlock = Buffer.from([0b11]);
