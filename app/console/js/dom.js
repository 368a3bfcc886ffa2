// Building the page: every text from the API goes in as a text node (never as HTML), so a memory that
// holds markup shows it as text.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

// "2026-03-10T09:00:00Z" as "2026-03-10 09:00 UTC": the stored times are UTC, shown as such.
export function when(iso) {
  if (!iso) return "";
  return iso.replace("T", " ").replace(/:\d\d(\.\d+)?(Z|\+00:00)$/, " UTC");
}

// Text with `[n]` markers, the markers as links to the n-th source (`#source-<prefix>-n`).
export function cited(text, prefix) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    out.push(text.slice(last, match.index));
    const n = match[1];
    out.push(h("a", { href: `#source-${prefix}-${n}`, class: "cite", "aria-label": `source ${n}`,
      onclick: (event) => { event.preventDefault(); focusSource(prefix, n); } }, `[${n}]`));
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function focusSource(prefix, n) {
  const target = document.getElementById(`source-${prefix}-${n}`);
  if (!target) return;
  target.scrollIntoView({ block: "nearest" });
  target.classList.add("flash");
  setTimeout(() => target.classList.remove("flash"), 1200);
  target.querySelector("a")?.focus();
}

export function memoryLink(id, label) {
  return h("a", { href: `#/memories/${encodeURIComponent(id)}` }, label || id);
}

export function chips(values, cls = "chip") {
  return (values || []).map((value) => h("span", { class: cls }, value));
}

// A labelled field: the label names the control by id (wrapping a <select> would add its options' text
// to the control's accessible name).
let fields = 0;
export function field(label, control) {
  if (!control.id) control.id = `field-${++fields}`;
  return h("div", { class: "field" }, h("label", { for: control.id }, label), control);
}

export function errorBox(error) {
  return h("p", { class: "error", role: "alert" }, error?.message || String(error));
}
