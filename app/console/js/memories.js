// Memories: the list (GET /v1/memories, newest first, paged by cursor; POST /v1/search when there are
// words to search for), and one memory's page with every signal, its links, its graph and delete.

import { h, replace, when, chips, field, errorBox, memoryLink } from "./dom.js";
import { get, post, remove } from "./api.js";
import { MemoryGraphView } from "./graph.js";
import { notify, notifyNext } from "./notice.js";

const TRIAGE_TYPES = ["decision", "action", "meeting", "idea", "question", "issue", "reference", "personal"];
const PAGE = 20;

// The list's filters and place survive going to a memory and back.
const state = { query: "", source: "", tag: "", person: "", triage_type: "", since: "", until: "",
  cursors: [null] };

function dayStart(date) { return date ? `${date}T00:00:00Z` : null; }
function dayEnd(date) { return date ? `${date}T23:59:59Z` : null; }

export function listView(root) {
  const input = (name, attrs = {}) => h("input", { type: "text", name, value: state[name], ...attrs });
  const type = h("select", { name: "triage_type" }, h("option", { value: "" }, "any"),
    TRIAGE_TYPES.map((value) => h("option", { value, selected: state.triage_type === value }, value)));
  const form = h("form", { class: "filters", role: "search" },
    field("Search memories", input("query", { type: "search", placeholder: "words, a name, a topic" })),
    field("Source", input("source")),
    field("Tag", input("tag")),
    field("Person", input("person")),
    field("Type", type),
    field("From", input("since", { type: "date" })),
    field("To", input("until", { type: "date" })),
    h("div", { class: "buttons" },
      h("button", { type: "submit" }, "Search"),
      h("button", { type: "button", class: "secondary", onclick: () => {
        Object.assign(state, { query: "", source: "", tag: "", person: "", triage_type: "", since: "",
          until: "", cursors: [null] });
        listView(root);
      } }, "Clear")));
  const results = h("div", { "aria-live": "polite" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    for (const [name, value] of new FormData(form)) state[name] = String(value).trim();
    state.cursors = [null];
    load(results);
  });
  replace(root, h("h1", {}, "Memories"), form, results);
  load(results);
}

async function load(results) {
  replace(results, h("p", { class: "muted" }, "Loading…"));
  try {
    if (state.query) showSearch(results, await search());
    else showPage(results, await page());
  } catch (error) {
    replace(results, errorBox(error));
  }
}

function page() {
  return get("/v1/memories", {
    limit: PAGE, cursor: state.cursors.at(-1), source: state.source, tag: state.tag, person: state.person,
    triage_type: state.triage_type, since: dayStart(state.since), until: dayEnd(state.until),
  });
}

function search() {
  const filters = { source: state.source || null, triage_type: state.triage_type || null,
    since: dayStart(state.since), until: dayEnd(state.until),
    tags: state.tag ? [state.tag] : [], people: state.person ? [state.person] : [] };
  return post("/v1/search", { query: state.query, limit: 50, filters });
}

function showPage(results, body) {
  const pager = h("nav", { class: "pager", "aria-label": "Pages" },
    h("button", { type: "button", class: "secondary", disabled: state.cursors.length < 2, onclick: () => {
      state.cursors.pop();
      load(results);
    } }, "Newer"),
    h("span", { class: "muted" }, `Page ${state.cursors.length}`),
    h("button", { type: "button", class: "secondary", disabled: !body.next_cursor, onclick: () => {
      state.cursors.push(body.next_cursor);
      load(results);
    } }, "Older"));
  if (!body.data.length) {
    replace(results, h("p", { class: "muted" }, state.cursors.length > 1 ? "No more memories." :
      "No memories match. Remember something, or upload a file."), pager);
    return;
  }
  replace(results, h("ol", { class: "memories" }, body.data.map((memory) => row(memory))), pager);
}

function showSearch(results, body) {
  if (!body.data.length) {
    replace(results, h("p", { class: "muted" }, "Nothing found."));
    return;
  }
  replace(results, h("p", { class: "muted" }, `${body.data.length} found, best first.`),
    h("ol", { class: "memories" }, body.data.map((hit) => row(hit, hit.snippet))));
}

function row(memory, snippet) {
  const people = memory.extraction?.people || [];
  return h("li", { class: "memory-row" },
    h("div", {}, memoryLink(memory.id, memory.summary || memory.id)),
    snippet && snippet !== memory.summary ? h("p", { class: "snippet" }, snippet) : null,
    h("div", { class: "meta" },
      h("time", { datetime: memory.timestamp }, when(memory.timestamp)), " · ", memory.source,
      memory.triage_type ? [" · ", h("span", { class: "chip type" }, memory.triage_type)] : null,
      " ", chips(memory.tags), " ", chips(people, "chip person")));
}

export async function memoryView(root, id, navigate) {
  replace(root, h("p", { class: "muted" }, "Loading…"));
  let memory;
  try {
    memory = await get(`/v1/memories/${encodeURIComponent(id)}`);
  } catch (error) {
    replace(root, h("p", {}, h("a", { href: "#/memories" }, "← Memories")), errorBox(error));
    return;
  }
  const graph = new MemoryGraphView(memory.id, { onOpenMemory: (other) => navigate(`#/memories/${other}`) });
  replace(root,
    h("p", {}, h("a", { href: "#/memories" }, "← Memories")),
    h("h1", {}, memory.summary || memory.id),
    h("article", { class: "memory" },
      h("pre", { class: "content" }, memory.content),
      signals(memory),
      deleteControl(memory, navigate)),
    graph.el);
  try {
    await graph.load();
  } catch (error) {
    graph.setStatus(error.message);
  }
}

function entry(term, ...value) {
  return [h("dt", {}, term), h("dd", {}, ...value)];
}

function signals(memory) {
  const x = memory.extraction || {};
  const rows = [
    entry("Id", h("code", {}, memory.id)),
    entry("Time", when(memory.timestamp)),
    entry("Stored", when(memory.created_at)),
    entry("Source", memory.source),
    entry("Type", memory.triage_type || "—"),
    entry("Sentiment", memory.sentiment || "—"),
    entry("Importance", memory.importance ? `${memory.importance} of 10` : "—"),
    entry("Tags", chips(memory.tags)),
    entry("People", x.people?.length ? x.people.map((name) => [entityLink(name), " "]) : "—"),
    entry("Organizations", x.organizations?.length ? x.organizations.map((name) => [entityLink(name), " "]) : "—"),
    entry("Decisions", list(x.decisions, (text) => text)),
    entry("Action items", list(x.action_items, (item) => [item.text,
      item.owner ? h("span", { class: "muted" }, ` — ${item.owner}`) : null,
      item.due ? h("span", { class: "muted" }, `, due ${item.due}`) : null])),
    entry("Dates", list(x.dates, (date) => [`“${date.text}” → `, h("time", {}, date.date)])),
    entry("Links", list(byTarget(memory.links), ([target, links]) => [memoryLink(target), " ",
      links.map((link) => h("span", { class: "chip", title: `score ${link.score.toFixed(2)}` },
        link.kind.replace("_", " ")))])),
  ];
  const scope = [["User", memory.user_id], ["Agent", memory.agent_id], ["Session", memory.session_id]]
    .filter(([, value]) => value);
  for (const [term, value] of scope) rows.push(entry(term, value));
  if (memory.metadata && Object.keys(memory.metadata).length) {
    rows.push(entry("Metadata", h("code", {}, JSON.stringify(memory.metadata))));
  }
  if (memory.expires_at) rows.push(entry("Expires", when(memory.expires_at)));
  if (memory.file) {
    rows.push(entry("File", `${memory.file.name} (${memory.file.media_type}, ${memory.file.size} bytes)`));
  }
  if (memory.part) {
    rows.push(entry("Part of", memoryLink(memory.part.of), ` — chunk ${memory.part.index + 1}`,
      memory.part.page ? `, page ${memory.part.page}` : ""));
  }
  return h("dl", { class: "signals" }, rows);
}

// A memory's links grouped by the memory they point to: [[target_id, [link, …]], …].
function byTarget(links) {
  const groups = new Map();
  for (const link of links || []) groups.set(link.target_id, [...(groups.get(link.target_id) || []), link]);
  return [...groups.entries()];
}

function list(values, render) {
  if (!values?.length) return "—";
  return h("ul", {}, values.map((value) => h("li", {}, render(value))));
}

function entityLink(name) {
  return h("a", { href: `#/entities/${encodeURIComponent(name)}` }, name);
}

function deleteControl(memory, navigate) {
  const dialog = h("dialog", { "aria-labelledby": "delete-title" },
    h("form", { method: "dialog" },
      h("h2", { id: "delete-title" }, "Delete this memory?"),
      h("p", {}, "It is removed with its relationships and history, and what only it named. This cannot be undone."),
      h("div", { class: "buttons" },
        h("button", { value: "cancel", class: "secondary", autofocus: true }, "Cancel"),
        h("button", { value: "delete", class: "danger" }, "Delete"))));
  dialog.addEventListener("close", async () => {
    if (dialog.returnValue !== "delete") return;
    try {
      await remove(`/v1/memories/${encodeURIComponent(memory.id)}`);
      notifyNext("Memory deleted.");
      navigate("#/memories");
    } catch (error) {
      notify(error.message, true);
    }
  });
  return h("div", { class: "buttons" }, dialog,
    h("button", { type: "button", class: "danger", onclick: () => dialog.showModal() }, "Delete memory"));
}
