// Agent glue for the Memory class: reading what export/import take and give (strings,
// bytes, Blobs and Files picked in a browser, folders of Markdown files), so that the
// Memory methods stay thin. Runtime-independent: no fs, no DOM beyond Blob/File when the
// runtime has them.

import { invalid } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text of bytes that must be UTF-8 (invalid_argument naming field otherwise). */
function text(bytes, field) {
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalid(field, 'the data is not valid UTF-8');
  }
}

function isBlob(v) {
  return typeof Blob === 'function' && v instanceof Blob;
}

/** The path of a picked File: its folder-relative path when a folder was picked. */
function filePath(f) {
  return f.webkitRelativePath ? f.webkitRelativePath.split('/').slice(1).join('/') : f.name;
}

/**
 * Reads import's data into wire args: a string, bytes or a Blob/File is JSON Lines; an
 * array of {path, content} (or of Files, or a FileList) is a Markdown folder.
 */
export async function importArgs(data, field = 'data') {
  if (typeof data === 'string') return { format: 'jsonl', data };
  if (data instanceof ArrayBuffer) return { format: 'jsonl', data: text(new Uint8Array(data), field) };
  if (ArrayBuffer.isView(data)) return { format: 'jsonl', data: text(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), field) };
  if (isBlob(data)) return { format: 'jsonl', data: text(new Uint8Array(await data.arrayBuffer()), field) };
  const list = data && typeof data === 'object' && typeof data.length === 'number' ? Array.from(data) : null;
  if (list) {
    const files = [];
    for (const [i, f] of list.entries()) {
      if (isBlob(f)) {
        files.push({ path: filePath(f), content: text(new Uint8Array(await f.arrayBuffer()), `files[${i}]`) });
      } else if (f && typeof f === 'object' && typeof f.path === 'string' && typeof f.content === 'string') {
        files.push({ path: f.path, content: f.content });
      } else {
        throw invalid(`files[${i}]`, 'a Markdown file is {path, content} (strings) or a File');
      }
    }
    return { format: 'md', files };
  }
  throw invalid(field, 'import takes JSON Lines (a string, bytes, a Blob or File) or a Markdown folder (an array of {path, content} or Files)');
}
