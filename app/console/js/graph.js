// A memory's graph, drawn with the vendored Cytoscape.js (vendor/cytoscape.min.js, MIT): nodes by type,
// a click on a person, organization, tag, decision or action item adds what it connects to (read from
// GET /v1/graph one hop deeper, up to the API's depth 3), a click on another memory opens it. The list
// beside the drawing holds the same nodes as links and buttons, for keyboards and screen readers.

import { h, replace } from "./dom.js";
import { get } from "./api.js";

const COLOURS = {
  memory: "#2f6fdf",
  person: "#d9822b",
  organization: "#8e44ad",
  tag: "#2a9d8f",
  decision: "#c0392b",
  action_item: "#6b8e23",
};
const TYPE_NAMES = {
  memory: "memory", person: "person", organization: "organization", tag: "tag",
  decision: "decision", action_item: "action item",
};
const MAX_DEPTH = 3;

function short(text, size = 36) {
  return text.length > size ? `${text.slice(0, size - 1)}…` : text;
}

export function entityHref(node) {
  return `#/entities/${encodeURIComponent(node.label)}`;
}

export class MemoryGraphView {
  constructor(rootId, { onOpenMemory }) {
    this.rootId = rootId;
    this.onOpenMemory = onOpenMemory;
    this.byDepth = new Map();
    this.nodes = new Map();
    this.canvas = h("div", { class: "graph-canvas", id: "graph", role: "img",
      "aria-label": "The memory's graph; the list beside it holds the same nodes" });
    this.status = h("p", { class: "muted", "aria-live": "polite" });
    this.list = h("ul", { class: "graph-list", "aria-label": "Graph nodes" });
    this.el = h("section", { class: "graph", "aria-label": "Graph" },
      h("h2", {}, "Graph"),
      h("div", { class: "graph-body" }, this.canvas, h("div", { class: "graph-side" }, this.status, this.list)),
      h("p", { class: "legend" }, Object.entries(TYPE_NAMES).map(([type, name]) =>
        h("span", { class: `key key-${type}` }, name))));
  }

  async load() {
    const graph = await this.fetch(1);
    // Cytoscape measures its container: it must be in the page and sized before it starts.
    this.cy = window.cytoscape({
      container: this.canvas,
      elements: [],
      style: [
        { selector: "node", style: {
          "background-color": (node) => COLOURS[node.data("type")] || "#777",
          label: "data(short)", "font-size": 10, color: "#222", "text-wrap": "wrap",
          "text-max-width": 120, "text-valign": "bottom", "text-margin-y": 4, width: 18, height: 18 } },
        { selector: "node[type = 'memory']", style: { shape: "round-rectangle", width: 22, height: 16 } },
        { selector: `node[id = '${this.rootId}']`, style: { width: 30, height: 24, "border-width": 3,
          "border-color": "#111" } },
        { selector: "edge", style: { width: 1.5, "line-color": "#b8c0cc", "curve-style": "bezier",
          "target-arrow-shape": "triangle", "target-arrow-color": "#b8c0cc", "arrow-scale": 0.7 } },
        { selector: "edge[type = 'LINKED']", style: { "line-style": "dashed", "line-color": "#2f6fdf",
          "target-arrow-color": "#2f6fdf", label: "data(kind)", "font-size": 8, color: "#2f6fdf" } },
      ],
    });
    this.cy.on("tap", "node", (event) => this.tapped(event.target.id()));
    window.memsvcConsole = { ...(window.memsvcConsole || {}), graph: this.cy };
    this.add(graph.nodes, graph.edges);
    this.setStatus(graph.truncated ? "Showing the first nodes; there are more." : "");
  }

  async fetch(depth) {
    if (!this.byDepth.has(depth)) {
      this.byDepth.set(depth, get(`/v1/graph/${encodeURIComponent(this.rootId)}`, { depth, limit: 150 }));
    }
    return this.byDepth.get(depth);
  }

  add(nodes, edges) {
    const fresh = [];
    for (const node of nodes) {
      if (this.nodes.has(node.id)) continue;
      this.nodes.set(node.id, node);
      fresh.push({ group: "nodes", data: { id: node.id, type: node.type, short: short(node.label) } });
    }
    for (const edge of edges) {
      const id = `${edge.source}|${edge.type}|${edge.target}`;
      if (!this.nodes.has(edge.source) || !this.nodes.has(edge.target) || this.cy.getElementById(id).length) {
        continue;
      }
      fresh.push({ group: "edges", data: { id, source: edge.source, target: edge.target, type: edge.type,
        kind: edge.kind || "" } });
    }
    if (!fresh.length) return 0;
    this.cy.add(fresh);
    this.cy.layout({ name: "cose", animate: false, randomize: false, nodeDimensionsIncludeLabels: true,
      padding: 20 }).run();
    this.canvas.dataset.nodes = String(this.nodes.size);
    this.renderList();
    return fresh.filter((element) => element.group === "nodes").length;
  }

  tapped(id) {
    const node = this.nodes.get(id);
    if (!node || id === this.rootId) return;
    if (node.type === "memory") this.onOpenMemory(id);
    else this.expand(id);
  }

  // What a node connects to: its edges in the root's graph one hop deeper than the node.
  async expand(id) {
    const node = this.nodes.get(id);
    const depth = Math.min(node.depth + 1, MAX_DEPTH);
    this.setStatus(`Expanding ${node.label}…`);
    try {
      const graph = await this.fetch(depth);
      const edges = graph.edges.filter((edge) => edge.source === id || edge.target === id);
      const near = new Set(edges.flatMap((edge) => [edge.source, edge.target]));
      const added = this.add(graph.nodes.filter((other) => near.has(other.id)), edges);
      this.setStatus(added ? `${node.label}: ${added} more.` : `Nothing more connects to ${node.label}.`);
    } catch (error) {
      this.setStatus(error.message);
    }
  }

  setStatus(text) {
    this.status.textContent = text;
  }

  renderList() {
    replace(this.list, [...this.nodes.values()].map((node) => {
      const label = short(node.label, 80);
      let action;
      if (node.id === this.rootId) action = h("strong", {}, label);
      else if (node.type === "memory") action = h("a", { href: `#/memories/${encodeURIComponent(node.id)}` }, label);
      else if (["person", "organization", "tag"].includes(node.type)) action = h("a", { href: entityHref(node) }, label);
      else action = h("span", {}, label);
      const expand = node.type !== "memory" && node.depth < MAX_DEPTH
        ? h("button", { type: "button", class: "small", "aria-label": `Expand ${label}`,
          onclick: () => this.expand(node.id) }, "Expand")
        : null;
      return h("li", { "data-node": node.id }, h("span", { class: `key key-${node.type}` }, TYPE_NAMES[node.type]),
        " ", action, " ", expand);
    }));
  }
}
