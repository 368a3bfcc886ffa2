// Ask: the answer streamed from POST /v1/ask (Server-Sent Events), every `[n]` a link to its source,
// follow-ups that ask again, and thumbs up or down (POST /v1/feedback) on the answer.

import { h, replace, append, cited, when, field, errorBox, memoryLink } from "./dom.js";
import { streamAsk, post } from "./api.js";

let asked = 0;
let inFlight = null;

export function askView(root, initial = "") {
  const question = h("input", { type: "text", name: "question", required: true, maxlength: 2000,
    value: initial, autocomplete: "off" });
  const output = h("div", { class: "answer-area", "aria-live": "polite" });
  const form = h("form", { class: "ask" }, field("Ask", question),
    h("div", { class: "buttons" }, h("button", { type: "submit" }, "Ask")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (question.value.trim()) run(question.value.trim(), output, question);
  });
  replace(root, h("h1", {}, "Ask your memories"), form, output);
  question.focus();
  if (initial) run(initial, output, question);
}

async function run(text, output, input) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const prefix = `a${++asked}`;
  const short = h("p", { class: "short-answer", hidden: true });
  const body = h("p", { class: "answer-text" });
  const sources = h("ol", { class: "sources", "aria-label": "Sources" });
  const followups = h("div", { class: "followups" });
  const feedback = h("div", { class: "feedback" });
  const status = h("p", { class: "muted" }, "Thinking…");
  replace(output, h("section", { class: "answer", "aria-label": "Answer", "aria-busy": "true" },
    h("h2", { class: "question" }, text), status, short, body,
    h("h3", {}, "Sources"), sources, followups, feedback));
  let finalAnswer = null;
  try {
    await streamAsk({ question: text }, (name, data) => {
      if (name === "sources") renderSources(sources, data, prefix);
      else if (name === "delta") {
        status.hidden = true;
        append(body, cited(data.text, prefix), " ");
      } else if (name === "followups") renderFollowups(followups, data, input, output);
      else if (name === "done") finalAnswer = data;
    }, controller.signal);
  } catch (error) {
    status.hidden = true;
    output.querySelector("section")?.setAttribute("aria-busy", "false");
    append(output, errorBox(error));
    return;
  }
  if (controller.signal.aborted) return;
  status.hidden = true;
  output.querySelector("section").setAttribute("aria-busy", "false");
  if (!finalAnswer) return;
  replace(body, cited(finalAnswer.text, prefix));
  if (finalAnswer.answer) {
    short.hidden = false;
    replace(short, h("span", { class: "muted" }, "Short answer: "), h("strong", {}, finalAnswer.answer));
  }
  renderFeedback(feedback, text, finalAnswer);
}

function renderSources(list, sources, prefix) {
  replace(list, sources.map((source, i) => h("li", { id: `source-${prefix}-${i + 1}` },
    memoryLink(source.id, source.summary), h("p", { class: "snippet" }, source.snippet),
    h("span", { class: "meta" }, when(source.timestamp), " · ", source.source))));
}

function renderFollowups(box, followups, input, output) {
  if (!followups?.length) return;
  replace(box, h("h3", {}, "Follow-ups"), h("ul", {}, followups.map((text) => h("li", {},
    h("button", { type: "button", class: "link", onclick: () => {
      input.value = text;
      run(text, output, input);
    } }, text)))));
}

function renderFeedback(box, question, answer) {
  const sourceIds = answer.sources.map((source) => source.id);
  const send = async (rating, correction) => {
    try {
      await post("/v1/feedback", { question, answer: answer.text, rating, source_ids: sourceIds,
        ...(correction ? { correction } : {}) });
      replace(box, h("p", { class: "muted", role: "status" }, "Thanks: your feedback is recorded."));
    } catch (error) {
      append(box, errorBox(error));
    }
  };
  const correction = h("textarea", { name: "correction", rows: 2, maxlength: 2000 });
  const down = h("form", { class: "correction", hidden: true },
    field("What is right? (optional; stored as a memory that corrects the sources)", correction),
    h("button", { type: "submit" }, "Send feedback"));
  down.addEventListener("submit", (event) => {
    event.preventDefault();
    send("down", correction.value.trim());
  });
  replace(box, h("span", { class: "muted" }, "Was this answer useful? "),
    h("button", { type: "button", class: "thumb", "aria-label": "Good answer", title: "Good answer",
      onclick: () => send("up") }, thumb(false)),
    h("button", { type: "button", class: "thumb", "aria-label": "Bad answer", title: "Bad answer",
      onclick: () => { down.hidden = false; correction.focus(); } }, thumb(true)),
    down);
}

// A thumb drawn as SVG rather than an emoji: a machine without an emoji font shows an empty box.
function thumb(down) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  if (down) svg.setAttribute("transform", "rotate(180)");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", "M2 10h4v11H2zM8 21h9.5a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 19 10h-5.5l.8-4.2a1.6 1.6 0 0 0-.4-1.4L13 3.5 8 9z");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}
