
// The page that plays: it draws what the server sends and sends back what the player
// picks. It knows no rule: the legal moves, the places each one is picked by, and every
// verdict come from the server.
(function () {
  const $ = (id) => document.getElementById(id);
  const svg = $("board");
  const layer = $("layer");
  let view = null;
  let picked = null; // the place clicked first: { pile, index }
  let box = [0, 0]; // the board only grows, so that the piles stay where they are
  let endAsked = null; // the version whose end of game was asked for
  let busy = 0;

  function say(text) {
    $("message").textContent = text || "";
  }

  async function call(method, path, payload) {
    busy += 1;
    document.body.dataset.busy = "1";
    document.body.classList.add("busy");
    try {
      const init = { method: method, headers: {} };
      if (payload !== undefined) {
        init.body = JSON.stringify(payload);
        init.headers["Content-Type"] = "application/json";
      }
      const response = await fetch(path, init);
      let doc = null;
      try {
        doc = await response.json();
      } catch (error) {
        doc = { error: `the server answered ${response.status}` };
      }
      if (!response.ok) {
        say(doc.error || `the server answered ${response.status}`);
        return null;
      }
      return doc;
    } catch (error) {
      say("the server does not answer (was it stopped?)");
      return null;
    } finally {
      busy -= 1;
      if (busy === 0) {
        document.body.dataset.busy = "";
        document.body.classList.remove("busy");
      }
    }
  }

  function node(tag, text, className) {
    const n = document.createElement(tag);
    if (text !== undefined) n.textContent = text;
    if (className) n.className = className;
    return n;
  }

  function moveLine(tag, move, text) {
    const item = node(tag);
    item.append(node("code", move));
    if (text) item.append(" " + text);
    return item;
  }

  // ---------------------------------------------------------------- drawing

  function fit(table) {
    table.fit(view.slots, [view.step]);
    const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    // Room for a few more cards on the spread piles, so that the board rarely grows in play.
    box = [Math.max(box[0], w), Math.max(box[1], h + 2 * view.geometry.fanDown)];
    svg.setAttribute("viewBox", `0 0 ${box[0]} ${box[1]}`);
  }

  function at(place, click) {
    return place !== null && place[0] === click.pile && (place[1] === null || place[1] === click.index);
  }

  // The element a place names: its card, or the top item of its pile.
  function elementsOf(place) {
    const [pile, index] = place;
    if (index !== null) {
      return [...layer.querySelectorAll(`[data-pile="${pile}"][data-index="${index}"]`)];
    }
    const all = [...layer.querySelectorAll(`[data-pile="${pile}"]:not(.label)`)];
    return all.length ? [all[all.length - 1]] : [];
  }

  function mark() {
    for (const n of layer.querySelectorAll(".picked, .target, .movable")) {
      n.classList.remove("picked", "target", "movable");
    }
    if (!view || view.over) return;
    if (picked) {
      for (const n of elementsOf([picked.pile, picked.index])) n.classList.add("picked");
      for (const m of view.legal) {
        if (m.to !== null && at(m.from, picked)) {
          for (const n of elementsOf(m.to)) n.classList.add("target");
        }
      }
    } else {
      for (const m of view.legal) {
        if (m.from !== null) for (const n of elementsOf(m.from)) n.classList.add("movable");
      }
    }
  }

  function render(doc) {
    view = doc;
    picked = null;
    say("");
    $("title").textContent = view.title;
    $("subtitle").textContent = view.subtitle;
    const verdict = $("verdict");
    if (view.over === "won") {
      verdict.textContent = "won: every card is home";
      verdict.className = "verdict won";
    } else if (view.over === "stuck") {
      verdict.textContent = "no move is left";
      verdict.className = "verdict lost";
    } else {
      verdict.textContent = view.hidden ? `${view.hidden} cards face down` : "in play";
      verdict.className = "verdict";
    }
    const select = $("game");
    if (select.options.length !== view.presets.length) {
      select.replaceChildren(...view.presets.map((p) => node("option", p)));
    }
    select.value = view.game;
    const step = view.step;
    if (view.slots.length === 0) {
      svg.style.display = "none";
      $("text-board").hidden = false;
      $("text-board").textContent = step.show || "";
    } else {
      const table = cardTable(svg, layer, view.geometry);
      fit(table);
      table.draw(view.slots, step);
    }
    $("notation").textContent = step.move;
    $("text").textContent = view.played.length ? step.text : "The deal: your move.";
    const facts = $("facts");
    facts.replaceChildren();
    for (const [name, value] of step.facts) {
      const item = node("li");
      item.append(node("b", name + ":"), " " + value);
      facts.append(item);
    }
    const played = $("played");
    played.replaceChildren(...view.played.map((m) => moveLine("li", m.move, m.text)));
    if (played.lastChild) {
      played.lastChild.classList.add("last");
      played.lastChild.scrollIntoView({ block: "nearest" });
    }
    $("count").textContent = `(${view.played.length})`;
    const legal = $("legal");
    legal.replaceChildren();
    for (const m of view.legal) {
      const item = node("li");
      const button = node("button", m.move);
      button.type = "button";
      button.dataset.move = m.move;
      if (m.text) button.title = m.text;
      button.addEventListener("click", () => play(m.move));
      item.append(button);
      legal.append(item);
    }
    $("undo").disabled = view.undo === 0;
    $("redo").disabled = view.redo === 0;
    document.body.dataset.played = String(view.played.length);
    document.body.dataset.over = view.over || "";
    document.body.dataset.version = String(view.version);
    $("coach").hidden = true;
    $("end").hidden = true;
    $("end").dataset.ready = "";
    mark();
    if (view.over && endAsked !== view.version) {
      endAsked = view.version;
      showEnd();
    }
  }

  async function update(method, path, payload) {
    const doc = await call(method, path, payload);
    if (doc) render(doc);
    return doc;
  }

  // ---------------------------------------------------------------- playing

  function play(move) {
    picked = null;
    return update("POST", "api/move", { move: move });
  }

  function choose(click) {
    if (!view || view.over) return;
    if (picked) {
      const moves = view.legal.filter((m) => at(m.from, picked) && at(m.to, click));
      if (moves.length) {
        play(moves[0].move);
        return;
      }
      if (picked.pile === click.pile && picked.index === click.index) {
        picked = null;
        mark();
        return;
      }
    }
    const from = view.legal.filter((m) => at(m.from, click));
    if (from.length === 0) {
      picked = null;
      mark();
      say("no move starts there");
      return;
    }
    say("");
    if (from.length === 1 && from[0].to === null) {
      play(from[0].move);
      return;
    }
    picked = click;
    mark();
  }

  svg.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-pile]");
    if (!hit) return;
    const index = hit.dataset.index;
    choose({ pile: hit.dataset.pile, index: index === undefined ? null : Number(index) });
  });

  // ---------------------------------------------------------------- the coach

  function coachAnswer(kind, doc) {
    const box = $("coach");
    box.replaceChildren();
    box.dataset.kind = kind;
    if (doc.version !== view.version) box.append(node("p", "(for an earlier position)"));
    for (const b of $("legal").querySelectorAll(".hinted")) b.classList.remove("hinted");
    if (kind === "winnable") {
      const p = node("p");
      p.append(node("b", "Can I still win? "), doc.text);
      box.append(p);
    } else if (kind === "hint") {
      if (doc.text) box.append(node("p", doc.text));
      if (doc.best) {
        const p = node("p");
        p.className = "best";
        p.append(node("b", "Best move: "), node("code", doc.best.move));
        p.append(` ${doc.best.text} (${doc.best.verdict})`);
        box.append(p);
        const button = $("legal").querySelector(`[data-move="${CSS.escape(doc.best.move)}"]`);
        if (button) button.classList.add("hinted");
      }
      if (doc.fair) {
        const p = node("p");
        p.className = "fair";
        p.append(node("b", "Fair hint (no peeking): "), node("code", doc.fair.move));
        const chance = (100 * doc.fair.chance).toFixed(1);
        p.append(`${doc.fair.text ? " " + doc.fair.text : ""}, a ${chance}% chance (${doc.fair.how})`);
        box.append(p);
      }
    } else {
      const p = node("p");
      p.append(node("b", "The solution from here: "), doc.text);
      box.append(p);
      if (doc.moves && doc.moves.length) {
        const list = node("ol");
        list.append(...doc.moves.map((m) => moveLine("li", m.move, m.text)));
        box.append(list);
      }
    }
    box.hidden = false;
  }

  async function ask(kind) {
    const box = $("coach");
    box.replaceChildren(node("p", "thinking\u2026"));
    box.dataset.kind = "";
    box.hidden = false;
    const doc = await call("POST", "api/coach/" + kind);
    if (doc) coachAnswer(kind, doc);
    else box.hidden = true;
  }

  async function showEnd() {
    const box = $("end");
    box.replaceChildren(node("p", "the game is over: looking into it\u2026"));
    box.hidden = false;
    const doc = await call("GET", "api/end");
    if (!doc || doc.version !== view.version) return;
    box.replaceChildren();
    box.append(node("h2", doc.over === "won" ? "You won!" : "No move is left"));
    box.append(node("p", doc.deal[0].toUpperCase() + doc.deal.slice(1) + "."));
    const review = node("p");
    review.className = "review";
    review.append(node("b", "Review: "), doc.review);
    box.append(review);
    if (doc.fair) {
      const chance = (100 * doc.fair.chance).toFixed(1);
      const fair = node("p");
      fair.className = "fair";
      fair.append(node("b", "Your fair chance at the start: "), `${chance}% (${doc.fair.how})`);
      box.append(fair);
    }
    box.dataset.ready = "1";
  }

  // ---------------------------------------------------------------- the controls

  $("undo").addEventListener("click", () => update("POST", "api/undo"));
  $("redo").addEventListener("click", () => update("POST", "api/redo"));
  $("ask-winnable").addEventListener("click", () => ask("winnable"));
  $("ask-hint").addEventListener("click", () => ask("hint"));
  $("ask-solution").addEventListener("click", () => ask("solution"));

  function newDeal(deal) {
    box = [0, 0];
    return update("POST", "api/new", { game: $("game").value, deal: deal });
  }

  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = $("deal-number").value.trim();
    if (!number) say("type a deal number first");
    else newDeal(number);
  });
  $("random").addEventListener("click", () => newDeal("random"));
  $("today").addEventListener("click", () => newDeal("today"));
  $("winnable-deal").addEventListener("click", () => newDeal($("difficulty").value));
  $("load-file").addEventListener("change", async () => {
    const file = $("load-file").files[0];
    if (!file) return;
    const text = await file.text();
    $("load-file").value = "";
    box = [0, 0];
    update("POST", "api/load", { text: text, name: file.name });
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !view) return;
    const t = event.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
    const keys = {
      ArrowLeft: () => view.undo && update("POST", "api/undo"),
      ArrowRight: () => view.redo && update("POST", "api/redo"),
      Home: () => view.undo && update("POST", "api/undo", { steps: view.undo }),
      End: () => view.redo && update("POST", "api/redo", { steps: view.redo }),
      Escape: () => {
        picked = null;
        mark();
      },
      h: () => ask("hint"),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });

  // The server stops a while after the page is closed: the page calls in while it is open,
  // and says so when it goes (a reload comes back at once).
  setInterval(() => fetch("api/ping").catch(() => {}), Number(document.body.dataset.ping));
  window.addEventListener("pagehide", () => navigator.sendBeacon("api/bye"));

  update("GET", "api/state");
})();
