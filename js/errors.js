// MemcoreError: every failure of the memcore package, from the engine or from the shim.

/** The closed set of error codes (docs/PROTOCOL.md). */
export const ERROR_CODES = Object.freeze([
  'invalid_argument',
  'not_found',
  'conflict',
  'too_large',
  'closed',
  'unsupported',
  'storage',
  'internal',
]);

/**
 * The one error class the package throws. `code` is from ERROR_CODES, `field` names the
 * offending argument in the engine's notation (`memory.content`, `memories[2].importance`,
 * `query`) or is undefined when no single field is at fault.
 */
export class MemcoreError extends Error {
  constructor(code, message, field, options) {
    super(message, options);
    this.name = 'MemcoreError';
    this.code = ERROR_CODES.includes(code) ? code : 'internal';
    this.field = field || undefined;
  }
}

/** An invalid_argument error raised by the shim before a request reaches the engine. */
export function invalid(field, message) {
  return new MemcoreError('invalid_argument', message, field);
}
