# The example Worker on workerd directly, without wrangler: the same Worker, Durable Object
# class and bindings as wrangler.toml, with the objects' storage in a local directory.
#
#   npm run build                      # bundles src/ into build/ (node build.mjs)
#   npx workerd serve workerd.capnp    # http://127.0.0.1:8787
#
# The test (test/worker.test.mjs) runs this file with --socket-addr http=127.0.0.1:<port>
# and --directory-path do-storage=<a temporary directory>.

using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .memcoreWorker),
    (name = "do-storage", disk = (path = ".data/durable-objects", writable = true)),
  ],
  sockets = [
    (name = "http", address = "127.0.0.1:8787", http = (), service = "main"),
  ],
);

const memcoreWorker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "build/worker.js"),
    (name = "memcore.wasm", wasm = embed "build/memcore.wasm"),
  ],
  compatibilityDate = "2026-11-01",
  bindings = [
    (name = "MEMORY_OWNER", durableObjectNamespace = "MemoryOwner"),
    # Optional: require "Authorization: Bearer <token>" (wrangler: `wrangler secret put API_TOKEN`).
    (name = "API_TOKEN", fromEnvironment = "MEMCORE_API_TOKEN"),
    # Optional: seconds after a recall within which its access counts are stored (default 30).
    (name = "HEAT_FLUSH_SECONDS", fromEnvironment = "MEMCORE_HEAT_FLUSH_SECONDS"),
    # Optional: "snapshot" keeps each owner's database in memory, stored as chunked
    # snapshots (the earlier way, for comparison); default: pages in the object's SQLite.
    (name = "STORAGE_MODE", fromEnvironment = "MEMCORE_STORAGE_MODE"),
    # Tests only: "1" adds /owners/:owner/test-faults (test/faults.test.mjs). Never deploy it.
    (name = "TEST_FAULTS", fromEnvironment = "MEMCORE_TEST_FAULTS"),
    # Benchmarks only: the SQLite page size (bytes, 4096 to 65536) of databases created.
    (name = "PAGE_BYTES", fromEnvironment = "MEMCORE_PAGE_BYTES"),
    # Optional: SQLite's page cache per owner in KiB (default 8192): what a warm recall
    # finds without reading storage, and what each open owner takes of the isolate.
    (name = "CACHE_KIB", fromEnvironment = "MEMCORE_CACHE_KIB"),
  ],
  durableObjectNamespaces = [
    (className = "MemoryOwner", uniqueKey = "memcore-example-MemoryOwner", enableSql = true),
  ],
  durableObjectStorage = (localDisk = "do-storage"),
);
