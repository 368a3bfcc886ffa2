// Types of memsvc-client. Results mirror the API's JSON (snake_case fields); see the service's OpenAPI
// document at /v1/openapi/openapi.json.

export interface ActionItem { text: string; owner: string | null; due: string | null; done: boolean }
export interface DateMention { text: string; date: string }
export interface Extraction {
  people: string[];
  organizations: string[];
  decisions: string[];
  action_items: ActionItem[];
  dates: DateMention[];
}
export interface Link { target_id: string; kind: string; score: number }
export interface Memory {
  id: string;
  content: string;
  source: string;
  timestamp: string;
  created_at: string;
  summary: string;
  triage_type: string | null;
  tags: string[];
  extraction: Extraction;
  sentiment: string | null;
  importance: number | null;
  links: Link[];
  file: FileInfo | null;
  part: Part | null;
  user_id: string | null;
  agent_id: string | null;
  session_id: string | null;
  metadata: Metadata | null;
}
export type Metadata = Record<string, string | number | boolean | null>;
/** The memory's scope inside the account, as remember takes it. */
export interface Scope { userId?: string; agentId?: string; sessionId?: string; metadata?: Metadata }
/** A repeat with the same Idempotency-Key and request stores nothing again (README, Idempotent writes). */
export interface Once { idempotencyKey?: string }
/** Only the memories of this user, agent, session and metadata (ask, search, check). */
export interface ScopeFilters { user_id?: string; agent_id?: string; session_id?: string; metadata?: Metadata }
export interface FileInfo {
  name: string; media_type: string; size: number; pages: number | null; duration_s: number | null;
  /** Audio: speech recognition's confidence, 0–1 (below 0.4 no decisions or action items are read). */
  confidence?: number | null;
}
export interface Part {
  of: string; index: number; page: number | null; start_s: number | null; end_s: number | null;
  confidence?: number | null;
}
export interface FileMemory extends Memory {
  chunks: { id: string; index: number; page: number | null; start_s: number | null; end_s: number | null; summary: string }[];
}
export interface MemoryBatch { data: Memory[] }
export interface MemoryVersion { version: number; content: string; summary: string; changed_fields: string[]; changed_at: string }
export interface MemoryPage { data: Memory[]; next_cursor: string | null }
export interface Source {
  id: string;
  summary: string;
  snippet: string;
  score: number;
  timestamp: string;
  source: string;
  part: Part | null;
}
/** How the answer's text was written when an LLM answer was asked for (`generate`). */
export interface Generation { model: string | null; used: boolean; dropped: number; reason: string | null }
export interface Answer {
  text: string; answer: string | null; sources: Source[]; followups: string[]; reasoning?: string[] | null;
  generation?: Generation | null;
}
export interface Contradiction {
  memory_id: string;
  summary: string;
  statement: string;
  claim: string;
  reason: string;
  confidence: number;
  timestamp: string;
}
export interface CheckResult {
  show: boolean;
  context: string;
  contradictions: Contradiction[];
  related: { id: string; summary: string; score: number }[];
}
export interface SearchFilters extends ScopeFilters {
  source?: string;
  tags?: string[];
  people?: string[];
  organizations?: string[];
  triage_type?: string;
  since?: Date | string;
  until?: Date | string;
}
export interface SearchResult {
  id: string;
  summary: string;
  content: string;
  snippet: string;
  score: number;
  matched_by: string[];
  timestamp: string;
  source: string;
  triage_type: string | null;
  tags: string[];
  superseded_by: string[];
  part: Part | null;
}
export interface SearchResults { data: SearchResult[] }
export interface GraphNode { id: string; type: string; label: string; depth: number; properties: Record<string, unknown> }
export interface GraphEdge { source: string; target: string; type: string; kind?: string | null; score?: number | null }
export interface MemoryGraph { root: string; depth: number; nodes: GraphNode[]; edges: GraphEdge[]; truncated: boolean }
export interface WikiPage {
  entity: { id: string; name: string; type: string };
  type: string;
  title: string;
  summary: string;
  sections: { title: string; statements: { text: string; citations: number[] }[] }[];
  sources: { id: string; summary: string; timestamp: string; source: string }[];
  markdown: string | null;
  compiled_at: string;
  recompiled: boolean;
}
export interface Finding {
  kind: string;
  severity: string;
  message: string;
  memory_ids: string[];
  entity_ids: string[];
  suggestion: string;
  fixable: boolean;
}
export interface LintReport {
  score: number;
  checked_at: string;
  counts: Record<string, number>;
  findings: Finding[];
  fixed: { kind: string; message: string; ids: string[] }[];
}
export interface Stats {
  memories: number;
  entities: Record<string, number>;
  links: Record<string, number>;
  tags: number;
  usage: Record<string, unknown>;
  pipeline: Record<string, unknown>;
  feedback: { up: number; down: number };
}
export interface Feedback {
  id: string;
  question: string;
  answer: string;
  rating: "up" | "down";
  correction: string | null;
  source_ids: string[];
  correction_memory: Memory | null;
  created_at: string;
}
export type AskEvent =
  | { type: "sources"; sources: Source[] }
  | { type: "delta"; text: string }
  | { type: "followups"; followups: string[] }
  | { type: "done"; answer: Answer };

export interface ClientOptions {
  apiKey?: string;
  baseUrl?: string;
  timeout?: number;
  maxRetries?: number;
  maxRetryWait?: number;
  fetch?: typeof fetch;
}
export interface MemoryFilters {
  limit?: number;
  cursor?: string;
  source?: string;
  triageType?: string;
  tag?: string;
  /** A full name, or a first name alone. */
  person?: string;
  organization?: string;
  since?: Date | string;
  until?: Date | string;
  userId?: string;
  agentId?: string;
  sessionId?: string;
  metadata?: Metadata;
}

export class Client {
  constructor(options?: ClientOptions);
  readonly baseUrl: string;
  memories: {
    list(options?: MemoryFilters): Promise<MemoryPage>;
    get(id: string): Promise<Memory>;
    update(
      id: string,
      fields: { content?: string; source?: string; timestamp?: Date | string } & {
        [K in keyof ScopeFilters]?: ScopeFilters[K] | null;
      },
    ): Promise<Memory>;
    history(id: string): Promise<{ data: MemoryVersion[] }>;
    delete(id: string): Promise<null>;
  };
  remember(content: string, options?: { source?: string; timestamp?: Date | string } & Scope & Once): Promise<Memory>;
  rememberFile(
    file: string | Uint8Array,
    options?: { source?: string; timestamp?: Date | string; filename?: string } & Scope & Once,
  ): Promise<FileMemory>;
  rememberBatch(
    items: ({ content: string; source?: string; timestamp?: Date | string } & ScopeFilters)[],
    options?: Once,
  ): Promise<MemoryBatch>;
  ask(
    question: string,
    options?: { limit?: number; reasoning?: boolean; filters?: ScopeFilters; generate?: boolean },
  ): Promise<Answer>;
  askStream(
    question: string,
    options?: { limit?: number; reasoning?: boolean; filters?: ScopeFilters; generate?: boolean; signal?: AbortSignal },
  ): AsyncGenerator<AskEvent, void, undefined>;
  search(query: string, options?: { limit?: number; filters?: SearchFilters }): Promise<SearchResults>;
  check(context: string, options?: { filters?: ScopeFilters }): Promise<CheckResult>;
  graph(memoryId: string, options?: { depth?: number; limit?: number }): Promise<MemoryGraph>;
  compile(entity: string, options?: { format?: "markdown" | "json"; filters?: ScopeFilters }): Promise<WikiPage>;
  lint(options?: { fix?: boolean }): Promise<LintReport>;
  stats(): Promise<Stats>;
  feedback(
    question: string,
    answer: string,
    options?: { rating?: "up" | "down"; correction?: string; sourceIds?: string[] } & Once,
  ): Promise<Feedback>;
}

export class MemsvcError extends Error {}
export class APIConnectionError extends MemsvcError {}
export class APIError extends MemsvcError {
  status: number;
  code: string;
  type: string;
  param: string | null;
  headers: Record<string, string>;
  body: unknown;
  readonly retryAfter: number | null;
}
export class BadRequestError extends APIError {}
export class MalformedJsonError extends BadRequestError {}
export class AuthenticationError extends APIError {}
export class MissingApiKeyError extends AuthenticationError {}
export class NotFoundError extends APIError {}
export class ModelNotFoundError extends NotFoundError {}
export class MethodNotAllowedError extends APIError {}
export class IdempotencyConflictError extends APIError {}
export class PayloadTooLargeError extends APIError {}
export class UnsupportedMediaTypeError extends APIError {}
export class ValidationFailedError extends APIError {}
export class RateLimitedError extends APIError {}
export class QuotaExceededError extends RateLimitedError {}
export class InternalServerError extends APIError {}
export class StoreUnavailableError extends APIError {}
export function errorFrom(status: number | null, body: unknown, headers?: Record<string, string>): APIError;
