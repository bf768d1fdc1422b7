import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A text with holes, compressed once, whose holes are filled per response without compressing it
 * again: each fixed part is raw deflate ending in a sync flush (byte-aligned, not final), each fill
 * goes in as a stored (uncompressed) block, and a final empty block closes the stream. The gzip
 * trailer's CRC-32 is combined from the parts' CRCs: each part's length shifts the CRC so far by a
 * 32x32 operator over GF(2) worked out once per length (kept with the template, and for the fills'
 * one length), so a response costs a few hundred XORs, not a pass over the page's bytes.
 * Used for cached pages, whose CSP nonce must differ in every response (server/lib/page-cache.ts).
 */
export interface GzipTemplate {
  /** Each fixed part's length in bytes and CRC-32. */
  lengths: number[];
  crcs: number[];
  /** The parts, each compressed on its own. */
  deflated: Buffer[];
  /** Each part's CRC shift operator (crc32ShiftOperator of its length). */
  shifts: Uint32Array[];
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export function gzipTemplate(parts: string[]): GzipTemplate {
  const raw = parts.map((p) => Buffer.from(p, 'utf8'));
  return {
    lengths: raw.map((r) => r.length),
    crcs: raw.map((r) => crcOf(r, 0)),
    deflated: raw.map((r) => deflateRawSync(r, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })),
    shifts: raw.map((r) => crc32ShiftOperator(r.length)),
  };
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new Error('A fill of a gzip template is at most 65535 bytes.');
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

// crc32_combine, as zlib has it (not exposed by Node): the CRC of A followed by B from the CRCs of
// A and B and B's length, in O(log length) steps of 32x32 matrices over GF(2), instead of
// reading B's bytes again.
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, matrix: Uint32Array) {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]!);
}

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  gf2Square(even, odd); // two zero bits
  gf2Square(odd, even); // four zero bits
  let crc = crc1 >>> 0;
  let len = length2;
  do {
    gf2Square(even, odd);
    if (len & 1) crc = gf2Times(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    gf2Square(odd, even);
    if (len & 1) crc = gf2Times(odd, crc);
    len = Math.floor(len / 2);
  } while (len !== 0);
  return (crc ^ crc2) >>> 0;
}

/**
 * The operator that takes CRC(A) to the CRC of A followed by `length` zero bytes, as 32 columns:
 * crc32Combine is linear in its first CRC, so column i is crc32Combine(1 << i, 0, length). With it,
 * combining is crc32Combine(crc1, crc2, length) = gf2Times(operator, crc1) ^ crc2.
 */
export function crc32ShiftOperator(length: number): Uint32Array {
  const operator = new Uint32Array(32);
  for (let i = 0; i < 32; i++) operator[i] = crc32Combine((1 << i) >>> 0, 0, length);
  return operator;
}

/** The fills' operators by length (a nonce always has one length; a few at most are ever kept). */
const fillShifts = new Map<number, Uint32Array>();
function fillShift(length: number): Uint32Array {
  let operator = fillShifts.get(length);
  if (!operator) {
    if (fillShifts.size >= 16) fillShifts.clear();
    operator = crc32ShiftOperator(length);
    fillShifts.set(length, operator);
  }
  return operator;
}

/** zlib's crc32 goes on from `crc`, except over a buffer with no memory at all (answering 0): nothing to add then. */
const crcOf = (data: Buffer, crc: number) => (data.length === 0 ? crc : crc32(data, crc));

/** The gzip of parts[0] + fill + parts[1] + fill + ... (the same fill in every hole). */
export function fillGzip(template: GzipTemplate, fill: string): Buffer {
  const filler = Buffer.from(fill, 'utf8');
  const stored = storedBlock(filler);
  const fillCrc = crcOf(filler, 0);
  const fillOperator = fillShift(filler.length);
  const chunks: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  template.deflated.forEach((deflated, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = (gf2Times(fillOperator, crc) ^ fillCrc) >>> 0;
      size += filler.length;
    }
    chunks.push(deflated);
    crc = (gf2Times(template.shifts[i]!, crc) ^ template.crcs[i]!) >>> 0;
    size += template.lengths[i]!;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}
