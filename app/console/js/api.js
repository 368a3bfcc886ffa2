// The REST API with the key the user typed in. The key lives in this tab's session storage only: it is
// sent as the bearer header, never put in a URL, and gone when the tab closes.

const KEY = "memsvc.apiKey";
let onSignedOut = () => {};

export const session = {
  get key() { return sessionStorage.getItem(KEY); },
  signIn(key) { sessionStorage.setItem(KEY, key.trim()); },
  signOut() { sessionStorage.removeItem(KEY); },
  onSignedOut(callback) { onSignedOut = callback; },
};

export class ApiError extends Error {
  constructor(status, body) {
    const detail = body?.error;
    super(detail?.message || `The service answered ${status}.`);
    this.status = status;
    this.code = detail?.code || null;
    this.param = detail?.param || null;
  }
}

function headers(extra = {}) {
  return { Authorization: `Bearer ${session.key}`, ...extra };
}

// A rejected key signs the tab out, and the sign-in form shows the service's message.
function failed(status, body) {
  const error = new ApiError(status, body);
  if (status === 401) {
    session.signOut();
    onSignedOut(error);
  }
  return error;
}

async function send(method, path, init) {
  let response;
  try {
    response = await fetch(path, { method, ...init });
  } catch (cause) {
    throw new ApiError(0, { error: { message: `The service cannot be reached (${cause.message}).` } });
  }
  if (response.status === 204) return null;
  const body = await response.json().catch(() => null);
  if (!response.ok) throw failed(response.status, body);
  return body;
}

export function get(path, query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) value.forEach((one) => params.append(name, one));
    else if (value !== null && value !== undefined && value !== "") params.set(name, value);
  }
  const search = params.toString();
  return send("GET", search ? `${path}?${search}` : path, { headers: headers() });
}

export function post(path, body = {}) {
  return send("POST", path, {
    headers: headers({ "Content-Type": "application/json" }),
    body: JSON.stringify(body),
  });
}

export function remove(path) {
  return send("DELETE", path, { headers: headers() });
}

export function upload(path, form) {
  return send("POST", path, { headers: headers(), body: form });
}

// POST /v1/ask with `stream: true`, read as Server-Sent Events: `onEvent(name, data)` for each of
// sources, delta, followups and done; an `error` event (the error body) rejects.
export async function streamAsk(body, onEvent, signal) {
  let response;
  try {
    response = await fetch("/v1/ask", {
      method: "POST",
      headers: headers({ "Content-Type": "application/json", Accept: "text/event-stream" }),
      body: JSON.stringify({ ...body, stream: true }),
      signal,
    });
  } catch (cause) {
    if (cause.name === "AbortError") return;
    throw new ApiError(0, { error: { message: `The service cannot be reached (${cause.message}).` } });
  }
  if (!response.ok) throw failed(response.status, await response.json().catch(() => null));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseEvent(block);
      if (!event) continue;
      if (event.name === "error") throw new ApiError(200, event.data);
      onEvent(event.name, event.data);
    }
  }
}

function parseEvent(block) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue; // a heartbeat comment
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (!data.length) return null;
  return { name, data: JSON.parse(data.join("\n")) };
}
