// Runs against a real service: MEMSVC_BASE_URL and MEMSVC_API_KEY (the Python suite starts one and
// sets both: tests/test_clients.py). `node --test clients/node/test/`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import {
  AuthenticationError,
  Client,
  MemsvcError,
  NotFoundError,
  StoreUnavailableError,
  ValidationFailedError,
  errorFrom,
} from "../index.js";

const QUESTION = "Why was the mobile release postponed?";
const NOTES = [
  [
    "Weekly sync with Priya Raman and Bob Lee. We decided to postpone the mobile release until the " +
      "accessibility audit is done. Bob will book the auditors by Friday.",
    "2026-03-10T09:00:00Z",
  ],
  ["Acme Corp approved the 2027 budget; Jonas Weber will present it to the board in April.", "2026-03-05T09:00:00Z"],
];

const live = Boolean(process.env.MEMSVC_BASE_URL && process.env.MEMSVC_API_KEY);

test("the whole surface against a running service", { skip: !live && "no service" }, async () => {
  const client = new Client();
  const batch = await client.rememberBatch(NOTES.map(([content, timestamp]) => ({ content, timestamp })));
  assert.equal(batch.data.length, 2);
  const memory = await client.remember("Lena moved the launch to May.", {
    source: "node",
    timestamp: new Date("2026-03-12T10:00:00Z"),
  });
  assert.match(memory.id, /^mem_/);
  assert.deepEqual(memory.extraction.people, ["Lena"]);

  const answer = await client.ask(QUESTION, { limit: 3 });
  assert.match(answer.text, /\[1\]/);
  assert.equal(answer.sources[0].id, batch.data[0].id);
  // `generate` reaches the service: this one has no LLM, and says so.
  const generated = await client.ask(QUESTION, { limit: 3, generate: true });
  assert.equal(generated.generation.used, false);
  assert.match(generated.generation.reason, /no LLM/);

  const events = [];
  for await (const event of client.askStream(QUESTION, { limit: 3 })) events.push(event);
  assert.equal(events[0].type, "sources");
  assert.deepEqual(
    events.slice(-2).map((e) => e.type),
    ["followups", "done"],
  );
  const streamed = events.filter((e) => e.type === "delta").map((e) => e.text).join("");
  assert.equal(streamed, answer.text);
  assert.deepEqual(events.at(-1).answer, answer);

  const found = await client.search("launch", { limit: 2, filters: { source: "node", since: new Date("2026-03-01") } });
  assert.deepEqual(
    found.data.map((r) => r.id),
    [memory.id],
  );
  const priya = await client.search("mobile release", { filters: { people: ["Priya"] } });
  assert.equal(priya.data[0].id, batch.data[0].id);

  const checked = await client.check("Lena moved the launch to June.");
  assert.equal(checked.show, true);
  assert.equal(checked.contradictions[0].memory_id, memory.id);

  const page = await client.memories.list({ source: "node" });
  assert.deepEqual(page.data, [await client.memories.get(memory.id)]);
  const graph = await client.graph(batch.data[0].id, { depth: 1 });
  assert.equal(graph.root, batch.data[0].id);
  assert.ok(graph.nodes.some((n) => n.type === "person"));
  const wiki = await client.compile("Acme Corp", { format: "json" });
  assert.equal(wiki.entity.type, "organization");
  assert.equal(wiki.markdown, null);
  const report = await client.lint();
  assert.ok(report.score <= 100);
  const feedback = await client.feedback(QUESTION, answer.text, { rating: "down", correction: "It moved to June." });
  assert.match(feedback.id, /^fb_/);
  assert.equal(feedback.correction_memory.source, "feedback");
  const stats = await client.stats();
  assert.equal(stats.feedback.down, 1);

  assert.equal(await client.memories.delete(memory.id), null);
  await assert.rejects(client.memories.get(memory.id), (error) => {
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.status, 404);
    assert.equal(error.code, "not_found");
    return true;
  });
  await assert.rejects(client.ask(QUESTION, { limit: 0 }), (error) => {
    assert.ok(error instanceof ValidationFailedError);
    assert.equal(error.param, "limit");
    return true;
  });
  const pdf = await client.rememberFile(new URL("../../../tests/data/files/report.pdf", import.meta.url).pathname, {
    source: "drive",
  });
  assert.equal(pdf.file.media_type, "application/pdf");
  assert.deepEqual(
    pdf.chunks.map((c) => c.page),
    [1, 2, 3],
  );
  const note = await client.rememberFile(await readFile(new URL("../../../tests/data/files/note.png", import.meta.url)), {
    filename: "note.png",
  });
  assert.ok(note.extraction.people.includes("Ana Lopez"));

  const stranger = new Client({ apiKey: "svc_test_" + "x".repeat(43) });
  await assert.rejects(stranger.stats(), AuthenticationError);
});

test("503 is retried after Retry-After", { skip: !live && "no service" }, async () => {
  let calls = 0;
  const flaky = async (url, init) => {
    calls += 1;
    if (calls === 1) {
      const body = JSON.stringify({ error: { code: "store_unavailable", message: "down", type: "api_error" } });
      return new Response(body, { status: 503, headers: { "Retry-After": "0" } });
    }
    return fetch(url, init);
  };
  const client = new Client({ fetch: flaky });
  const page = await client.memories.list({ limit: 1 });
  assert.ok(Array.isArray(page.data));
  assert.equal(calls, 2);

  const down = async () =>
    new Response(JSON.stringify({ error: { code: "store_unavailable", message: "down" } }), {
      status: 503,
      headers: { "Retry-After": "0" },
    });
  const failing = new Client({ fetch: down, maxRetries: 1 });
  await assert.rejects(failing.stats(), (error) => {
    assert.ok(error instanceof StoreUnavailableError);
    assert.equal(error.retryAfter, 0);
    return true;
  });
});

test("the key is required and errors map by code", () => {
  const saved = process.env.MEMSVC_API_KEY;
  delete process.env.MEMSVC_API_KEY;
  try {
    assert.throws(() => new Client({ baseUrl: "http://127.0.0.1:1" }), MemsvcError);
  } finally {
    if (saved !== undefined) process.env.MEMSVC_API_KEY = saved;
  }
  const quota = errorFrom(429, { error: { code: "quota_exceeded", message: "used" } }, { "retry-after": "3600" });
  assert.equal(quota.constructor.name, "QuotaExceededError");
  assert.equal(quota.retryAfter, 3600);
  assert.equal(errorFrom(null, { error: { code: "store_unavailable" } }).status, 503);
  assert.equal(errorFrom(418, null).constructor.name, "APIError");
});

test("scope: a user's memories, metadata, and the filters", { skip: !live && "no service" }, async () => {
  const client = new Client();
  const run = Math.random().toString(36).slice(2);
  const mine = await client.remember("I moved to Lisbon and work at the bakery on Rua Augusta.", {
    userId: `ana-${run}`,
    sessionId: `s-${run}`,
    metadata: { topic: "home", priority: 2 },
  });
  assert.equal(mine.user_id, `ana-${run}`);
  assert.deepEqual(mine.metadata, { topic: "home", priority: 2 });
  const theirs = await client.remember("I moved to Porto and work at the library.", { userId: `rui-${run}` });
  const listed = await client.memories.list({ userId: `ana-${run}`, metadata: { priority: 2 } });
  assert.deepEqual(listed.data.map((m) => m.id), [mine.id]);
  assert.deepEqual((await client.memories.list({ metadata: { priority: "2" } })).data, []);
  const answer = await client.ask("Where did I move to?", { filters: { user_id: `rui-${run}` } });
  assert.deepEqual(answer.sources.map((s) => s.id), [theirs.id]);
  const found = await client.search("bakery", { filters: { session_id: `s-${run}` } });
  assert.deepEqual(found.data.map((r) => r.id), [mine.id]);
  const checked = await client.check("I moved to Madrid.", { filters: { user_id: `nobody-${run}` } });
  assert.deepEqual(checked.related, []);
  const note = await client.rememberFile(new TextEncoder().encode("The lease renewal is due on May 1."), {
    filename: "lease.txt",
    userId: `ana-${run}`,
    metadata: { kind: "upload" },
  });
  assert.equal(note.user_id, `ana-${run}`);
  assert.deepEqual(note.metadata, { kind: "upload" });
  const once = await client.remember("The gym renewal is due on May 2.", { idempotencyKey: `gym-${run}` });
  const edited = await client.memories.update(once.id, { content: "The gym renewal is due on May 9.", metadata: null });
  assert.equal(edited.id, once.id);
  const history = await client.memories.history(once.id);
  assert.deepEqual(history.data.map((v) => v.version), [1, 2]);
  assert.deepEqual(history.data[1].changed_fields, ["content"]);
  const again = await client.remember("The gym renewal is due on May 2.", { idempotencyKey: `gym-${run}` });
  assert.equal(again.id, once.id);
  await assert.rejects(client.remember("Something else.", { idempotencyKey: `gym-${run}` }), (error) => {
    assert.equal(error.status, 409);
    assert.equal(error.code, "idempotency_conflict");
    return true;
  });
});
