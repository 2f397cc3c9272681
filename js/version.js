// The version of this JavaScript shim. It must equal the wasm engine's core.Version
// (core/engine.go) and package.json's "version": open() sends it to the engine, which
// refuses a shim of another version with code "unsupported" (a test checks all three).
export const VERSION = '0.1.0';
