// The snapshot op answers the whole database as base64 inside its JSON response, and
// restore takes it back the same way. These helpers turn bytes into base64 and back in
// every runtime the package runs in (workerd and browsers have no Buffer; Node 20 has no
// Uint8Array.fromBase64).

import { MemcoreError, invalid } from './errors.js';
import { describe, isObject } from './values.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_DECODE[B64.charCodeAt(i)] = i;

/** Standard, padded base64 of bytes (a Uint8Array). */
export function toBase64(bytes) {
  if (typeof bytes.toBase64 === 'function') return bytes.toBase64();
  if (typeof globalThis.Buffer === 'function') {
    return globalThis.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  }
  // btoa over binary strings, 24 KiB at a time (a multiple of 3: no padding inside).
  const STEP = 3 * 8192;
  const parts = [];
  for (let i = 0; i < bytes.length; i += STEP) {
    parts.push(btoa(String.fromCharCode.apply(null, bytes.subarray(i, i + STEP))));
  }
  return parts.join('');
}

/**
 * The bytes of standard, padded base64 s (as the engine sends it). Throws on malformed
 * base64 where the runtime's own decoder does (Node's is lenient: snapshotResult also
 * checks the length), so that a broken response is never mistaken for a snapshot.
 */
export function fromBase64(s) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(s);
  if (typeof globalThis.Buffer === 'function') {
    const b = globalThis.Buffer.from(s, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const n = s.length;
  if (n % 4 !== 0) throw new Error('malformed base64: its length is not a multiple of 4');
  const pad = n === 0 ? 0 : s.charCodeAt(n - 1) === 61 ? (s.charCodeAt(n - 2) === 61 ? 2 : 1) : 0;
  const out = new Uint8Array((n / 4) * 3 - pad);
  const at = (i) => {
    const c = s.charCodeAt(i);
    return c < 128 ? B64_DECODE[c] : -1;
  };
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    const last = i + 4 === n;
    const a = at(i);
    const b = at(i + 1);
    const c = last && pad >= 2 ? 0 : at(i + 2);
    const d = last && pad >= 1 ? 0 : at(i + 3);
    if ((a | b | c | d) < 0) throw new Error(`malformed base64 at offset ${i}`);
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

/**
 * The bytes given to restore(), as a Uint8Array over the same memory: a Uint8Array (a
 * Buffer), an ArrayBuffer, or any other ArrayBufferView. Anything else is invalid_argument
 * on field `data`, the field the engine names for a damaged snapshot.
 */
export function snapshotBytes(data) {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && data instanceof SharedArrayBuffer)) {
    return new Uint8Array(data);
  }
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let what = describe(data);
  if (isObject(data)) what = `a ${data.constructor?.name ?? 'object'}`;
  throw invalid('data', `restore takes the bytes of a snapshot (a Uint8Array or an ArrayBuffer, as snapshot() returns them), got ${what}`);
}

/** The bytes in the result of the snapshot op ({data, bytes, schemaVersion}). */
function snapshotResult(result) {
  let bytes;
  try {
    bytes = fromBase64(result.data);
  } catch (err) {
    throw new MemcoreError('internal', `the engine's snapshot is not base64: ${err.message}`, undefined, { cause: err });
  }
  if (bytes.length !== result.bytes) {
    throw new MemcoreError('internal', `the engine's snapshot is ${bytes.length} bytes, not the ${result.bytes} it announced`);
  }
  return bytes;
}

/** The bytes of a snapshot op answered through the binary channel ({bytes, schemaVersion, binary}). */
function binarySnapshotResult(result, bytes) {
  if (!(bytes instanceof Uint8Array) || bytes.length !== result?.bytes) {
    const got = bytes instanceof Uint8Array ? `${bytes.length} bytes` : 'no bytes';
    throw new MemcoreError('internal', `the engine's binary snapshot came with ${got}, not the ${result?.bytes} it announced`);
  }
  return bytes;
}

export { binarySnapshotResult, snapshotResult };
