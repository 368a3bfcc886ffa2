// Entity pages (POST /v1/compile/{entity}), the lint report (POST /v1/lint) and stats (GET /v1/stats).

import { h, replace, when, cited, field, errorBox, memoryLink } from "./dom.js";
import { get, post } from "./api.js";

export function entitiesView(root, name, navigate) {
  const input = h("input", { type: "text", name: "entity", required: true, value: name || "",
    placeholder: "a person, an organization or a tag" });
  const form = h("form", { class: "entity" }, field("Entity", input),
    h("div", { class: "buttons" }, h("button", { type: "submit" }, "Open page")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) navigate(`#/entities/${encodeURIComponent(input.value.trim())}`);
  });
  const pageArea = h("div", { "aria-live": "polite" });
  replace(root, h("h1", {}, name ? name : "Entities"), form, pageArea);
  if (name) showPage(pageArea, name);
}

async function showPage(area, name) {
  replace(area, h("p", { class: "muted" }, "Compiling…"));
  let page;
  try {
    page = await post(`/v1/compile/${encodeURIComponent(name)}`, { format: "json" });
  } catch (error) {
    replace(area, errorBox(error));
    return;
  }
  const prefix = "e";
  replace(area, h("article", { class: "wiki" },
    h("h2", {}, page.title, " ", h("span", { class: "chip" }, page.type)),
    h("p", {}, page.summary),
    page.sections.filter((section) => section.statements.length).map((section) => [
      h("h3", {}, section.title),
      h("ul", {}, section.statements.map((statement) => h("li", {}, cited(statement.text, prefix))))]),
    h("h3", {}, "Sources"),
    h("ol", { class: "sources", "aria-label": "Sources" }, page.sources.map((source, i) =>
      h("li", { id: `source-${prefix}-${i + 1}` }, memoryLink(source.id, source.summary),
        h("span", { class: "meta" }, " ", when(source.timestamp), " · ", source.source)))),
    h("p", { class: "muted" }, `Compiled ${when(page.compiled_at)}.`)));
}

export function lintView(root) {
  const fix = h("input", { type: "checkbox", name: "fix" });
  const report = h("div", { "aria-live": "polite" });
  const form = h("form", { class: "lint" },
    h("label", { class: "check" }, fix, " Apply the safe repairs (merge a name written two ways, drop dangling links and orphans)"),
    h("div", { class: "buttons" }, h("button", { type: "submit" }, "Run lint")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    replace(report, h("p", { class: "muted" }, "Auditing…"));
    try {
      showReport(report, await post("/v1/lint", { fix: fix.checked }));
    } catch (error) {
      replace(report, errorBox(error));
    }
  });
  replace(root, h("h1", {}, "Lint"), h("p", {}, "A health audit of your store: duplicates, contradictions, overdue action items, orphans and more."), form, report);
}

function showReport(area, report) {
  const counts = Object.entries(report.counts).filter(([, n]) => n);
  replace(area,
    h("p", { class: "score" }, "Score ", h("strong", {}, String(report.score)), " of 100 · ",
      counts.map(([name, n]) => `${name.replaceAll("_", " ")} ${n}`).join(", ")),
    report.fixed.length ? [h("h2", {}, "Repaired"), h("ul", {}, report.fixed.map((repair) => h("li", {}, repair.message)))] : null,
    report.findings.length
      ? h("ul", { class: "findings" }, report.findings.map((finding) => h("li", { class: `finding ${finding.severity}` },
        h("span", { class: "chip" }, finding.kind.replaceAll("_", " ")), " ",
        h("span", { class: `severity ${finding.severity}` }, finding.severity), " ", finding.message,
        finding.memory_ids.length ? h("div", { class: "meta" }, "Memories: ",
          finding.memory_ids.map((id) => [memoryLink(id), " "])) : null,
        h("div", { class: "muted" }, finding.suggestion))))
      : h("p", {}, "No findings."));
}

export async function statsView(root) {
  replace(root, h("h1", {}, "Stats"), h("p", { class: "muted" }, "Loading…"));
  let stats;
  try {
    stats = await get("/v1/stats");
  } catch (error) {
    replace(root, h("h1", {}, "Stats"), errorBox(error));
    return;
  }
  const table = (caption, entries) => h("table", {}, h("caption", {}, caption),
    h("tbody", {}, entries.map(([name, value]) => h("tr", {}, h("th", { scope: "row" }, name), h("td", {}, String(value))))));
  const usage = stats.usage;
  replace(root, h("h1", {}, "Stats"), h("div", { class: "stats" },
    table("Store", [["memories", stats.memories], ["tags", stats.tags],
      ...Object.entries(stats.entities).map(([name, n]) => [name.replaceAll("_", " "), n])]),
    table("Links", Object.entries(stats.links).map(([name, n]) => [name.replaceAll("_", " "), n])),
    table("This key", [["kind", usage.key_kind], ["calls today", usage.today], ["calls this month", usage.this_month],
      ["daily limit", usage.limits.daily], ["monthly limit", usage.limits.monthly], ["remaining", usage.remaining]]),
    table("Feedback", [["up", stats.feedback.up], ["down", stats.feedback.down]]),
    table("Models", Object.entries(stats.pipeline.backends)),
    table("Median stage time (ms)", Object.entries(stats.pipeline.median_ms).map(([name, ms]) => [name, ms.toFixed(1)]))));
}
