// The console's entry: sign in with a key, then one view per `#/` address. Nothing here is a secret:
// the page only calls /v1 with the key the user typed in.

import { h, replace, errorBox, field } from "./dom.js";
import { session } from "./api.js";
import { listView, memoryView } from "./memories.js";
import { askView } from "./ask.js";
import { addView } from "./add.js";
import { entitiesView, lintView, statsView } from "./knowledge.js";
import { addressChanged, notify } from "./notice.js";

const view = document.getElementById("view");
const nav = document.getElementById("nav");
const signOutButton = document.getElementById("sign-out");

function navigate(hash) {
  if (location.hash === hash) {
    addressChanged();
    render();
  } else location.hash = hash;
}

const ROUTES = [
  [/^#\/memories\/(.+)$/, (m) => memoryView(view, decodeURIComponent(m[1]), navigate)],
  [/^#\/memories$/, () => listView(view)],
  [/^#\/ask$/, () => askView(view)],
  [/^#\/add$/, () => addView(view)],
  [/^#\/entities(?:\/(.+))?$/, (m) => entitiesView(view, m[1] ? decodeURIComponent(m[1]) : "", navigate)],
  [/^#\/lint$/, () => lintView(view)],
  [/^#\/stats$/, () => statsView(view)],
];

function render() {
  if (!session.key) {
    signInView();
    return;
  }
  nav.hidden = false;
  signOutButton.hidden = false;
  const hash = location.hash.startsWith("#/") ? location.hash : "#/memories";
  for (const link of nav.querySelectorAll("a")) {
    const current = hash === link.getAttribute("href") || hash.startsWith(`${link.getAttribute("href")}/`);
    if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  for (const [pattern, show] of ROUTES) {
    const match = hash.match(pattern);
    if (match) {
      show(match);
      return;
    }
  }
  navigate("#/memories");
}

function signInView(error) {
  nav.hidden = true;
  signOutButton.hidden = true;
  const key = h("input", { type: "password", name: "api_key", required: true, autocomplete: "off",
    spellcheck: "false", placeholder: "svc_live_… or svc_test_…" });
  const form = h("form", { class: "sign-in" },
    h("h1", {}, "Sign in"),
    h("p", {}, "Your key stays in this tab only and is sent to this service with each call. Every call the console makes counts against the key's quota."),
    field("API key", key),
    error ? errorBox(error) : null,
    h("div", { class: "buttons" }, h("button", { type: "submit" }, "Sign in")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!key.value.trim()) return;
    session.signIn(key.value);
    notify("");
    render();
  });
  replace(view, form);
  key.focus();
}

session.onSignedOut((error) => {
  notify("");
  signInView(error);
});
signOutButton.addEventListener("click", () => {
  session.signOut();
  notify("");
  signInView();
});
window.addEventListener("hashchange", () => {
  addressChanged();
  render();
});
render();
