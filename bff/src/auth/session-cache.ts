import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * The tables the session query reads (SESSION_SQL in sessions.ts). A write to any of them empties the cache; the
 * triggers of migration 0031 announce each committed write on {@link SESSION_SCOPE_CHANNEL}.
 */
export const SESSION_SCOPE_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'users',
  'user_roles',
  'role_pages',
  'user_mfa',
  'user_practices',
  // Group administration reaches the practices of member organisations (migration 0058).
  'organization_group_admins',
  'organization_group_members',
  'practices',
  // The FHIR API's bearer tokens are kept here too (fhir/auth/bearer.ts; migration 0071).
  'fhir_clients',
  'fhir_access_tokens',
]);

/** The notification channel of migration 0031's triggers. */
export const SESSION_SCOPE_CHANNEL = 'session_scope';
/** Payload prefixes of a session end's barrier and of each replica's acknowledgement of it (connect.ts). */
export const BARRIER = 'barrier ';
export const ACK = 'ack ';

/** The longest an answer is kept, should a notification ever be missed. */
export const SESSION_CACHE_TTL_MS = 2_000;
/** Past this many answers the cache starts again empty: a bound on memory, not an eviction policy. */
const SESSION_CACHE_MAX = 10_000;

interface Entry<T> {
  readonly value: T;
  readonly at: number;
}

/**
 * The session query's answers, per token digest and page. Kept only while the database's watch is live
 * (`resume`/`suspend`); emptied by every write to {@link SESSION_SCOPE_TABLES}, seen in this process by
 * {@link SessionCache.plugin} and from every process by the triggers' notifications. An answer read before an
 * emptying is not kept: `generation` tells. Why: decisions.md "Sessions are cached until their tables change".
 */
export class SessionCache<T = unknown> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #now: () => number;
  #generation = 0;
  #live = false;
  #lastNotice: string | undefined;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Bumped by every emptying; a query started under one generation may keep its answer only under the same. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Whether answers are kept: only while the notifications of other connections and processes arrive. */
  get live(): boolean {
    return this.#live;
  }

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.at > SESSION_CACHE_TTL_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps an answer read under `generation`, unless the cache was emptied since or is not live. */
  set(key: string, generation: number, value: T): void {
    if (!this.#live || generation !== this.#generation) return;
    if (this.#entries.size >= SESSION_CACHE_MAX) this.#entries.clear();
    this.#entries.set(key, { value, at: this.#now() });
  }

  /** The payload of the last notification the watch passed on: a test's barrier names itself with one. */
  get lastNotice(): string | undefined {
    return this.#lastNotice;
  }

  /** A trigger's notification (or a barrier's) arrived: empty the cache. */
  notified(payload: string): void {
    this.#lastNotice = payload;
    this.invalidate();
    this.#waiters.get(payload)?.();
  }

  readonly #waiters = new Map<string, () => void>();

  /**
   * Resolves when `count` notifications `payload` have arrived, or after `timeoutMs`, or at once while the watch is
   * not listening (nothing is kept then): a session end waits for every replica's acknowledgement (connect.ts
   * sessionEndHeard).
   */
  heard(payload: string, count: number, timeoutMs: number): Promise<void> {
    if (!this.#live || count <= 0) return Promise.resolve();
    let left = count;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(payload);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      this.#waiters.set(payload, () => {
        left--;
        if (left <= 0) done();
      });
    });
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** The watch is listening: answers may be kept from now on (anything kept before is dropped). */
  resume(): void {
    this.invalidate();
    this.#live = true;
  }

  /** The watch lost its connection: keep nothing until it listens again. */
  suspend(): void {
    this.#live = false;
    this.invalidate();
  }

  /**
   * Empties the cache after every statement of this process that writes a session table, inside a transaction
   * too: the triggers' notification comes only at commit, and on PostgreSQL over another connection, so a call
   * right after this process's own write could otherwise still read the cache. (Raw SQL writes are left to the
   * notification: none of the server's writes to these tables is raw.)
   */
  readonly plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      if (writesScope(args.node)) this.#writing.add(args.queryId);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      if (this.#writing.delete(args.queryId)) this.invalidate();
      return args.result;
    },
  };

  /** The statements between their two plugin hooks that write a session table (kysely's query ids). */
  readonly #writing = new WeakSet<object>();
}

const WRITE_TARGET: Readonly<Record<string, string>> = {
  InsertQueryNode: 'into',
  UpdateQueryNode: 'table',
  DeleteQueryNode: 'from',
  MergeQueryNode: 'into',
};

/** Whether the statement, or a statement of its `with`, writes one of {@link SESSION_SCOPE_TABLES}. */
function writesScope(node: RootOperationNode): boolean {
  const target = WRITE_TARGET[node.kind];
  if (target && tableNames((node as unknown as Record<string, unknown>)[target]).some(isScopeTable))
    return true;
  const ctes = (node as { with?: { expressions: readonly { expression: OperationNode }[] } }).with
    ?.expressions;
  return ctes?.some((cte) => writesScope(cte.expression as RootOperationNode)) ?? false;
}

const isScopeTable = (name: string) => SESSION_SCOPE_TABLES.has(name);

/** The table names under a write's target node: a table, an alias of one, or a list of them (update, delete). */
function tableNames(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as {
    kind?: string;
    table?: { identifier?: { name?: string } };
    node?: unknown;
    froms?: unknown[];
    items?: unknown[];
  };
  if (n.kind === 'TableNode') return n.table?.identifier?.name ? [n.table.identifier.name] : [];
  if (n.kind === 'AliasNode') return tableNames(n.node);
  if (n.kind === 'FromNode') return (n.froms ?? []).flatMap(tableNames);
  if (n.kind === 'ListNode') return (n.items ?? []).flatMap(tableNames);
  return [];
}
