// Add: a note (POST /v1/remember) or a file, chosen or dropped (POST /v1/remember/file, multipart), and
// what the service made of it: the memory and, for a long file, its chunks.

import { h, replace, when, field, errorBox, memoryLink, chips } from "./dom.js";
import { post, upload } from "./api.js";

export function addView(root) {
  const result = h("div", { class: "result", "aria-live": "polite" });
  replace(root, h("h1", {}, "Add"), noteForm(result), fileForm(result), result);
}

function noteForm(result) {
  const content = h("textarea", { name: "content", rows: 5, required: true, maxlength: 100000 });
  const form = h("form", { class: "note" }, h("h2", {}, "Remember a note"),
    field("Note", content), h("div", { class: "buttons" }, h("button", { type: "submit" }, "Remember")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!content.value.trim()) return;
    replace(result, h("p", { class: "muted" }, "Reading the note…"));
    try {
      const memory = await post("/v1/remember", { content: content.value, source: "console" });
      content.value = "";
      replace(result, h("h2", {}, "Remembered"), summary(memory));
    } catch (error) {
      replace(result, errorBox(error));
    }
  });
  return form;
}

function fileForm(result) {
  const input = h("input", { type: "file", name: "file" });
  const zone = h("div", { class: "drop-zone", "data-testid": "drop-zone" },
    h("p", {}, "Drop a file here (PDF, DOCX, image, audio, text, HTML, e-mail), or choose one."),
    field("File", input));
  const send = async (file) => {
    if (!file) return;
    replace(result, h("p", { class: "muted" }, `Reading ${file.name}…`));
    const form = new FormData();
    form.append("file", file, file.name);
    form.append("source", "console");
    try {
      const memory = await upload("/v1/remember/file", form);
      replace(result, h("h2", {}, "Uploaded"), summary(memory), chunks(memory));
    } catch (error) {
      replace(result, errorBox(error));
    } finally {
      input.value = "";
    }
  };
  input.addEventListener("change", () => send(input.files[0]));
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    send(event.dataTransfer.files[0]);
  });
  return h("section", { class: "upload", "aria-label": "Upload a file" }, h("h2", {}, "Upload a file"), zone);
}

function summary(memory) {
  const file = memory.file;
  return h("div", { class: "memory-row" },
    h("div", {}, memoryLink(memory.id, memory.summary || memory.id)),
    h("div", { class: "meta" }, when(memory.timestamp), " · ", memory.source,
      memory.triage_type ? [" · ", h("span", { class: "chip type" }, memory.triage_type)] : null, " ",
      chips(memory.tags), " ", chips(memory.extraction?.people, "chip person")),
    file ? h("p", { class: "muted" }, `${file.name}: ${file.media_type}, ${file.size} bytes`,
      file.pages ? `, ${file.pages} pages` : "", file.duration_s ? `, ${file.duration_s.toFixed(1)} s` : "") : null);
}

function chunks(memory) {
  if (!memory.chunks?.length) return h("p", { class: "muted" }, "Short enough to be one memory: no chunks.");
  return [h("h3", {}, `${memory.chunks.length} chunks`), h("ol", { class: "chunks" }, memory.chunks.map((chunk) =>
    h("li", {}, memoryLink(chunk.id, chunk.summary),
      chunk.page ? h("span", { class: "muted" }, ` (page ${chunk.page})`) : null,
      chunk.start_s !== null && chunk.start_s !== undefined
        ? h("span", { class: "muted" }, ` (${chunk.start_s.toFixed(0)}–${chunk.end_s.toFixed(0)} s)`) : null)))];
}
