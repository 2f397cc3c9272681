// Reading the engine's module for compilation in Node without leaving a lasting cost in
// the process's malloc heap (docs/WASM.md, "fourth round: where the process's memory goes").

import fs from 'node:fs';

const PAGE = 65536;

/**
 * Returns the bytes of the file at url (a file: URL) for WebAssembly.compile, read into
 * the buffer of a WebAssembly.Memory rather than a Buffer.
 *
 * Why: a Buffer of the 20 MB module is one malloc'd block, which glibc serves by mmap;
 * when it is freed after compilation, glibc raises its mmap threshold to the block's size
 * (and its trim threshold to twice that), so that for the rest of the process every
 * allocation up to 20 MB — V8's zones for each Liftoff compilation, Node's buffers —
 * comes from the brk heap, which is only given back when 40 MB at its top are free. In
 * practice ~10 MiB of freed compiler memory then stays resident for the process's life.
 * A WebAssembly.Memory is mapped by V8 itself and unmapped when collected: malloc never
 * sees it. Where such a memory cannot be made (a host that limits them), the file is read
 * into a Buffer as before.
 */
export function readWasmBytes(url) {
  const fd = fs.openSync(url, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    let view;
    try {
      view = new Uint8Array(new WebAssembly.Memory({ initial: Math.ceil(size / PAGE) || 1 }).buffer, 0, size);
    } catch {
      view = Buffer.allocUnsafe(size);
    }
    let off = 0;
    while (off < size) {
      const n = fs.readSync(fd, view, off, size - off, off);
      if (n === 0) throw new Error(`${url.pathname ?? url}: the file ended after ${off} of ${size} bytes`);
      off += n;
    }
    return view;
  } finally {
    fs.closeSync(fd);
  }
}
