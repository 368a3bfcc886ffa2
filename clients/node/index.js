// memsvc-client: the memsvc REST API from Node.js (>= 18). No runtime dependencies: the global fetch.
// Results are the API's JSON objects as they come (snake_case fields, as in the README and OpenAPI).

import { readFile } from "node:fs/promises";
import { basename } from "node:path";

const DEFAULT_BASE_URL = "http://127.0.0.1:8080";
const RETRY_STATUSES = new Set([429, 503]);

export class MemsvcError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** The service could not be reached. */
export class APIConnectionError extends MemsvcError {}

/** The service answered with its error body {"error": {type, code, message, param}}. */
export class APIError extends MemsvcError {
  constructor(message, { status, code, type = "api_error", param = null, headers = {}, body = null }) {
    super(message);
    Object.assign(this, { status, code, type, param, headers, body });
  }

  /** Seconds the service asked to wait (Retry-After), or null. */
  get retryAfter() {
    const value = Number.parseFloat(this.headers["retry-after"]);
    return Number.isFinite(value) ? value : null;
  }
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

// code: [the HTTP status it comes with, its class]
const BY_CODE = {
  invalid_request: [400, BadRequestError],
  malformed_json: [400, MalformedJsonError],
  invalid_api_key: [401, AuthenticationError],
  missing_api_key: [401, MissingApiKeyError],
  not_found: [404, NotFoundError],
  model_not_found: [404, ModelNotFoundError],
  method_not_allowed: [405, MethodNotAllowedError],
  idempotency_conflict: [409, IdempotencyConflictError],
  payload_too_large: [413, PayloadTooLargeError],
  unsupported_media_type: [415, UnsupportedMediaTypeError],
  validation_error: [422, ValidationFailedError],
  rate_limited: [429, RateLimitedError],
  quota_exceeded: [429, QuotaExceededError],
  internal_error: [500, InternalServerError],
  store_unavailable: [503, StoreUnavailableError],
};
// A code this client does not know yet still gets the class of its status.
const BY_STATUS = {
  400: BadRequestError,
  401: AuthenticationError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: IdempotencyConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: ValidationFailedError,
  429: RateLimitedError,
  500: InternalServerError,
  503: StoreUnavailableError,
};

/** The error of a response, or (status null) of an `error` event in the middle of a stream. */
export function errorFrom(status, body, headers = {}) {
  const detail =
    body && typeof body.error === "object" && body.error
      ? body.error
      : { message: `HTTP ${status} without an error body`, code: "unknown" };
  const code = String(detail.code ?? "unknown");
  const [knownStatus, cls] = BY_CODE[code] ?? [status ?? 500, null];
  const finalStatus = status ?? knownStatus;
  const Class = cls ?? BY_STATUS[finalStatus] ?? APIError;
  return new Class(String(detail.message ?? ""), {
    status: finalStatus,
    code,
    type: detail.type ?? "api_error",
    param: detail.param ?? null,
    headers,
    body,
  });
}

function headersOf(response) {
  return Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]));
}

async function errorOf(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return errorFrom(response.status, body, headersOf(response));
}

/** Seconds to wait before trying again, or null not to (see the Python client: the same rule). */
function retryWait(response, attempt, maxWait) {
  if (!RETRY_STATUSES.has(response.status)) return null;
  const header = Number.parseFloat(response.headers.get("retry-after"));
  const wait = Number.isFinite(header) ? header : 0.5 * 2 ** attempt;
  return wait <= maxWait ? wait : null;
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

const segment = (value) => encodeURIComponent(value);

function dropUndefined(object) {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== null));
}

function isoTime(value) {
  return value instanceof Date ? value.toISOString() : value;
}

/** Server-Sent Events from a fetch body: yields {event, data} per event; comments are skipped. */
async function* readEvents(body) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true }).replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length) yield { event, data: data.join("\n") };
    }
  }
}

export class Client {
  /**
   * @param {{apiKey?: string, baseUrl?: string, timeout?: number, maxRetries?: number,
   *          maxRetryWait?: number, fetch?: typeof fetch}} [options]
   * The key falls back to MEMSVC_API_KEY, the address to MEMSVC_BASE_URL. 429 and 503 are retried
   * up to maxRetries times after Retry-After, unless it asks for more than maxRetryWait seconds.
   */
  constructor({ apiKey, baseUrl, timeout = 60_000, maxRetries = 2, maxRetryWait = 30, fetch: fetchImpl } = {}) {
    const key = apiKey ?? process.env.MEMSVC_API_KEY;
    if (!key) throw new MemsvcError("No API key: pass apiKey or set MEMSVC_API_KEY.");
    this.baseUrl = (baseUrl ?? process.env.MEMSVC_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.timeout = timeout;
    this.maxRetries = maxRetries;
    this.maxRetryWait = maxRetryWait;
    this._fetch = fetchImpl ?? globalThis.fetch;
    this._headers = { Authorization: `Bearer ${key}`, "User-Agent": "memsvc-client-node/0.1.0" };
    this.memories = {
      list: (options = {}) => this._request("GET", "/v1/memories", { query: memoryFilters(options) }),
      get: (id) => this._request("GET", `/v1/memories/${segment(id)}`),
      /** fields: content, source, timestamp, user_id, agent_id, session_id, metadata (null removes). */
      update: (id, fields) =>
        this._request("PATCH", `/v1/memories/${segment(id)}`, {
          body: { ...fields, ...(fields.timestamp !== undefined && { timestamp: isoTime(fields.timestamp) }) },
        }),
      history: (id) => this._request("GET", `/v1/memories/${segment(id)}/history`),
      delete: (id) => this._request("DELETE", `/v1/memories/${segment(id)}`),
    };
  }

  async _fetchWithRetries(method, path, { body, query, signal, idempotencyKey } = {}) {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) {
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    const headers = { ...this._headers };
    if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers["Content-Type"] = "application/json";
    for (let attempt = 0; ; attempt += 1) {
      let response;
      try {
        response = await this._fetch(url, {
          method,
          headers,
          body: body === undefined || form ? body : JSON.stringify(body),
          signal: signal ?? AbortSignal.timeout(this.timeout),
        });
      } catch (error) {
        throw new APIConnectionError(`${method} ${path}: ${error.message}`);
      }
      if (response.status < 400) return response;
      const wait = retryWait(response, attempt, this.maxRetryWait);
      if (wait === null || attempt >= this.maxRetries) throw await errorOf(response);
      await response.body?.cancel();
      await sleep(wait);
    }
  }

  async _request(method, path, options) {
    const response = await this._fetchWithRetries(method, path, options);
    return response.status === 204 ? null : response.json();
  }

  /**
   * userId, agentId, sessionId, metadata (a flat object): the memory's scope inside the account.
   * idempotencyKey: a repeat with the same key and content stores nothing again.
   */
  remember(content, { source, timestamp, userId, agentId, sessionId, metadata, idempotencyKey } = {}) {
    const body = dropUndefined({
      content,
      source,
      timestamp: isoTime(timestamp),
      ...scopeFields({ userId, agentId, sessionId, metadata }),
    });
    return this._request("POST", "/v1/remember", { body, idempotencyKey });
  }

  /**
   * A file (a path, or its bytes as a Buffer/Uint8Array): PDF, DOCX, image, audio, text, Markdown,
   * HTML or e-mail. The service decides the type from the bytes.
   */
  async rememberFile(file, { source, timestamp, filename, userId, agentId, sessionId, metadata, idempotencyKey } = {}) {
    const bytes = typeof file === "string" ? await readFile(file) : file;
    const form = new FormData();
    form.append("file", new Blob([bytes]), filename ?? (typeof file === "string" ? basename(file) : "upload"));
    if (source !== undefined) form.append("source", source);
    if (timestamp !== undefined) form.append("timestamp", isoTime(timestamp));
    for (const [name, value] of Object.entries(scopeFields({ userId, agentId, sessionId, metadata }))) {
      form.append(name, name === "metadata" ? JSON.stringify(value) : value); // metadata: JSON text
    }
    return this._request("POST", "/v1/remember/file", { body: form, idempotencyKey });
  }

  /** items: up to 100 {content, source?, timestamp?}; each counts as one call. */
  rememberBatch(items, { idempotencyKey } = {}) {
    const body = { items: items.map((item) => dropUndefined({ ...item, timestamp: isoTime(item.timestamp) })) };
    return this._request("POST", "/v1/remember/batch", { body, idempotencyKey });
  }

  /** filters: {user_id, agent_id, session_id, metadata}: only those memories answer. */
  ask(question, { limit = 5, reasoning = false, filters, generate } = {}) {
    const body = dropUndefined({ question, limit, reasoning, filters, generate });
    return this._request("POST", "/v1/ask", { body });
  }

  /**
   * The answer as events, in order: {type: "sources", sources}, {type: "delta", text} per sentence,
   * {type: "followups", followups}, {type: "done", answer}. An `error` event throws its typed error.
   * Breaking out of the loop (or aborting `signal`) closes the stream, and the service stops the work.
   */
  async *askStream(question, { limit = 5, reasoning = false, filters, generate, signal } = {}) {
    const body = dropUndefined({ question, limit, reasoning, filters, generate, stream: true });
    const controller = new AbortController();
    signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    const response = await this._fetchWithRetries("POST", "/v1/ask", { body, signal: controller.signal });
    try {
      for await (const { event, data } of readEvents(response.body)) {
        const value = JSON.parse(data);
        if (event === "sources") yield { type: "sources", sources: value };
        else if (event === "delta") yield { type: "delta", text: value.text };
        else if (event === "followups") yield { type: "followups", followups: value };
        else if (event === "done") yield { type: "done", answer: value };
        else if (event === "error") throw errorFrom(null, value);
      }
    } finally {
      controller.abort();
    }
  }

  /**
   * Memories ranked for `query`, without a composed answer. filters: {source, tags, people,
   * organizations, triage_type, since, until, user_id, agent_id, session_id, metadata}; every one
   * narrows.
   */
  search(query, { limit = 10, filters = {} } = {}) {
    const given = dropUndefined({ ...filters, since: isoTime(filters.since), until: isoTime(filters.until) });
    return this._request("POST", "/v1/search", { body: { query, limit, filters: given } });
  }

  check(context, { filters } = {}) {
    return this._request("POST", "/v1/check", { body: dropUndefined({ context, filters }) });
  }

  graph(memoryId, { depth = 1, limit = 100 } = {}) {
    return this._request("GET", `/v1/graph/${segment(memoryId)}`, { query: { depth, limit } });
  }

  /** filters: {user_id, agent_id, session_id, metadata}: a page from those memories only. */
  compile(entity, { format = "markdown", filters } = {}) {
    return this._request("POST", `/v1/compile/${segment(entity)}`, { body: dropUndefined({ format, filters }) });
  }

  lint({ fix = false } = {}) {
    return this._request("POST", "/v1/lint", { body: { fix } });
  }

  stats() {
    return this._request("GET", "/v1/stats");
  }

  feedback(question, answer, { rating = "up", correction, sourceIds, idempotencyKey } = {}) {
    const body = dropUndefined({ question, answer, rating, correction, source_ids: sourceIds });
    return this._request("POST", "/v1/feedback", { body, idempotencyKey });
  }
}

function scopeFields({ userId, agentId, sessionId, metadata } = {}) {
  return dropUndefined({ user_id: userId, agent_id: agentId, session_id: sessionId, metadata });
}

/** The list's query: metadata as repeated `metadata=key:value`, each value as JSON (2 and "2" differ). */
function memoryFilters({
  limit, cursor, source, triageType, tag, person, organization, since, until, userId, agentId, sessionId, metadata,
} = {}) {
  return dropUndefined({
    limit,
    cursor,
    source,
    triage_type: triageType,
    tag,
    person,
    organization,
    since: isoTime(since),
    until: isoTime(until),
    user_id: userId,
    agent_id: agentId,
    session_id: sessionId,
    metadata: metadata && Object.entries(metadata).map(([key, value]) => `${key}:${JSON.stringify(value)}`),
  });
}
