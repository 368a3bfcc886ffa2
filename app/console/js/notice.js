// One line at the top of the page for what just happened ("Memory deleted."), read out by screen readers.

let area = null;

export function noticeArea() {
  area = area || document.getElementById("notice");
  return area;
}

export function notify(text, isError = false) {
  const el = noticeArea();
  el.textContent = text;
  el.className = isError ? "notice error" : "notice";
  el.hidden = !text;
}

// A notice for the view the user is being sent to ("Memory deleted." on the list): kept through the
// one change of address that follows, where every other notice is cleared.
let pending = "";

export function notifyNext(text) {
  pending = text;
}

export function addressChanged() {
  notify(pending);
  pending = "";
}
