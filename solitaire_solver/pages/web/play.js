
// The page that plays: it draws what the server sends and sends back what the player
// picks. It knows no rule: the legal moves, the places each one is picked by, which of
// them goes home, the automatic moves and every verdict come from the server.
(function () {
  const $ = (id) => document.getElementById(id);
  const svg = $("board");
  const layer = $("layer");
  const marks = $("marks");
  const NS = svg.namespaceURI;
  const SLIDE_MS = 170; // one step's slide: short enough that play never waits on it
  const DOUBLE_MS = 400; // two clicks on one place this close make a double-click
  const DRAG_PX = 6; // a press that moves less than this is a click
  const MIN_CARD_PX = 44; // below this width on screen, the board is laid out narrower
  let view = null;
  let picked = null; // the place picked first: { pile, index }
  let box = [0, 0]; // the board only grows, so that the piles stay where they are
  let narrow = false; // the board laid out for a narrow screen
  let narrowWidth = 0; // then its width: the widest that keeps cards of MIN_CARD_PX
  let endAsked = null; // the version whose end of game was asked for
  let busy = 0;
  let animating = false;
  let lastClick = { key: "", at: 0 };
  let drag = null;
  let focusAt = null; // the key of the place the keyboard's ring is on
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  function say(text) {
    $("message").textContent = text || "";
  }

  function setBusy() {
    const on = busy > 0 || animating;
    document.body.dataset.busy = on ? "1" : "";
    document.body.classList.toggle("busy", busy > 0);
  }

  async function call(method, path, payload) {
    busy += 1;
    setBusy();
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
      if (response.status === 409 && doc.stale && doc.view) {
        // Another tab changed the game: show the game as it is now, and do nothing else.
        await show(doc.view);
        say("the game had changed (in another tab?): this is where it stands now");
        return null;
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
      setBusy();
    }
  }

  // A request that changes the game carries the version the page shows, so that a page
  // left behind by another tab is refused rather than played on.
  function change(path, payload) {
    const body = Object.assign({}, payload || {});
    if (view) body.version = view.version;
    return update("POST", path, body);
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

  // ---------------------------------------------------------------- the board's layout

  // How far right a pile reaches with n items, in board units.
  function reach(slot, n, g) {
    if (slot.fan === "right") return slot.x + Math.max(0, n - 1) * g.fanRight + g.w;
    // A line of cards in rows fills its rows in play: it needs its whole width.
    if (slot.fan === "rows") return slot.x + slot.perRow * (g.w + g.colGap) - g.colGap;
    return slot.x + g.w;
  }

  function itemsOf(step, slot) {
    const pile = step.piles[slot.name];
    if (!pile) return 1;
    return Math.max(1, pile[0].length + (pile[1] > 0 ? 1 : 0));
  }

  // How much room a pile needs below its top, in board units.
  function depth(slot, n, g) {
    if (slot.fan === "down") return g.h + (n - 1) * g.fanDown;
    if (slot.fan === "rows") return Math.ceil(n / slot.perRow) * (g.h + g.rowGap) - g.rowGap;
    return g.h;
  }

  // The slots as the game lays them out, or, when that is too wide for cards of
  // MIN_CARD_PX on this screen, the same piles in narrower rows: each row of piles (those
  // at one height) is cut where it gets too wide and goes on below, and what was below
  // moves down to make room. Only where the piles stand changes: which pile is which,
  // and so every move, stays the game's.
  function arrange(slots, step, g) {
    const room = svg.parentElement.clientWidth;
    const limit = Math.floor((room * g.w) / MIN_CARD_PX) - g.margin;
    const widest = Math.max(...slots.map((s) => reach(s, itemsOf(step, s) + 1, g)));
    narrow = widest > limit;
    narrowWidth = limit + g.margin;
    if (!narrow) return slots;
    const rows = [...new Set(slots.map((s) => s.y))].sort((a, b) => a - b);
    const out = [];
    let shift = 0;
    rows.forEach((y, r) => {
      const row = slots.filter((s) => s.y === y).sort((a, b) => a.x - b.x);
      const left = row[0].x;
      // The room the row had down to the next row, or, for the last, what its piles need.
      let tall = Math.max(...row.map((s) => depth(s, itemsOf(step, s) + 1, g))) + 40;
      if (r + 1 < rows.length) tall = rows[r + 1] - y;
      let start = left;
      let down = 0;
      let extra = 0;
      for (const slot of row) {
        const moved = Object.assign({}, slot);
        if (slot.fan === "rows") {
          const fits = Math.floor((limit - slot.x + g.colGap) / (g.w + g.colGap));
          moved.perRow = Math.max(1, Math.min(slot.perRow, fits));
          const n = itemsOf(step, slot);
          extra = Math.max(extra, depth(moved, n, g) - depth(slot, n, g));
        } else if (reach(slot, itemsOf(step, slot) + 1, g) - start + left > limit && slot.x > start) {
          start = slot.x;
          down += tall;
        }
        moved.x = slot.x - start + left;
        moved.y = slot.y + shift + down;
        out.push(moved);
      }
      shift += down + extra;
    });
    return out;
  }

  function fit(table, slots, step) {
    table.fit(slots, [step]);
    const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    // Room for a few more cards on the spread piles, so that the board rarely grows in play.
    box = [Math.max(box[0], w), Math.max(box[1], h + 2 * view.geometry.fanDown)];
    // Narrow, the board is as wide as the screen from the start: the cards keep their size
    // as the piles spread.
    if (narrow) box[0] = Math.max(box[0], narrowWidth);
    svg.setAttribute("viewBox", `0 0 ${box[0]} ${box[1]}`);
  }

  // On a large screen the board takes the height left under the controls, so that it is
  // seen whole (the controls above it wrap on a narrower window); on a phone it takes the
  // screen's width and the page scrolls.
  const phone = window.matchMedia("(max-width: 800px)");
  function sizeBoard() {
    if (phone.matches) {
      svg.style.maxHeight = "";
      return;
    }
    const top = svg.getBoundingClientRect().top + window.scrollY;
    svg.style.maxHeight = `${Math.max(320, Math.floor(window.innerHeight - top - 12))}px`;
  }

  // ---------------------------------------------------------------- drawing and sliding

  function translation(n) {
    const found = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(n.getAttribute("transform") || "");
    return found ? [Number(found[1]), Number(found[2])] : null;
  }

  // Where each card and each face-down pile stands now, to slide from.
  function positions() {
    const cards = [];
    const downs = {};
    for (const n of layer.querySelectorAll(".card, .down")) {
      const at = translation(n);
      if (!at) continue;
      if (n.classList.contains("down")) downs[n.dataset.pile] = at;
      else cards.push({ code: n.dataset.card, pile: n.dataset.pile, at: at, used: false });
    }
    return { cards: cards, downs: downs };
  }

  function slide(n, from, to, ms, delay) {
    n.style.transition = "none";
    n.style.transform = `translate(${from[0]}px, ${from[1]}px)`;
    n.getBoundingClientRect(); // the old place is drawn before the slide starts
    n.style.transition = `transform ${ms}ms ease-out ${delay || 0}ms`;
    n.style.transform = `translate(${to[0]}px, ${to[1]}px)`;
    n.classList.add("sliding");
  }

  // Slide every card that changed place from where it was drawn before: a card is
  // matched with one of the same face on the same pile, else one on a pile the step took
  // cards from, else any; a card with no match (turned up from a face-down pile) comes
  // from the face-down pile the step took it from. A card that comes to a pile the step
  // took a card from (a gap refilled, a line closing up) slides once the move's own card
  // has arrived. How long the slides take, in ms (0: nothing moved).
  function slideFrom(before, step, ms) {
    if (ms <= 0) return 0;
    const sources = new Set(step.from || []);
    const take = (test) => {
      const found = before.cards.find((c) => !c.used && test(c));
      if (found) found.used = true;
      return found;
    };
    let took = 0;
    const cards = [...layer.querySelectorAll(".card")];
    const stays = new Set();
    for (const n of cards) {
      const code = n.dataset.card;
      const now = translation(n);
      const same = take((c) => c.code === code && c.pile === n.dataset.pile && c.at[0] === now[0] && c.at[1] === now[1]);
      if (same) stays.add(n);
    }
    for (const n of cards) {
      if (stays.has(n)) continue;
      const code = n.dataset.card;
      const now = translation(n);
      const old =
        take((c) => c.code === code && c.pile === n.dataset.pile) ||
        take((c) => c.code === code && sources.has(c.pile)) ||
        take((c) => c.code === code);
      let from = old ? old.at : null;
      if (!from) {
        const pile = [...sources].find((p) => before.downs[p]);
        if (pile) from = before.downs[pile];
      }
      if (from && (from[0] !== now[0] || from[1] !== now[1])) {
        layer.appendChild(n); // above the cards it passes over
        const delay = sources.has(n.dataset.pile) ? ms : 0;
        slide(n, from, now, ms, delay);
        took = Math.max(took, delay + ms);
      }
    }
    return took;
  }

  function drawStep(step, slots, ms) {
    const before = positions();
    const table = cardTable(svg, layer, view.geometry);
    table.draw(slots, step);
    return slideFrom(before, step, ms);
  }

  // The slides of a board can be cut short: a newer board takes over (drawing counts the
  // boards begun), and any input of the player's (a key, a press) ends them at once, the
  // cards drawn where they end (hurried: the board that was cut short).
  let drawing = 0;
  let hurried = 0;
  let wake = null; // ends the pause under way

  function pause(ms) {
    return new Promise((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });
  }

  function hurry() {
    if (!animating) return;
    hurried = drawing;
    if (wake) wake();
  }
  // Before the page's own handlers: the key or press then acts on the board as it ends.
  document.addEventListener("keydown", hurry, true);
  document.addEventListener("pointerdown", hurry, true);

  function slideMs() {
    return reduced.matches ? 0 : SLIDE_MS;
  }

  // How many of the last n moves of a view the player made (the rest were automatic).
  function playerMoves(doc, n) {
    return doc.played.slice(doc.played.length - n).filter((m) => !m.auto).length;
  }

  // Draw the board of a new view. A move of the player's, when the page showed the position
  // it started from, slides step by step: the move, then each automatic move, each card to
  // its new place. Anything else (undo, a jump over many moves such as End or Home, a redo of
  // several, another tab's move) draws the new position at once, sliding what moved in one
  // short slide. Any input ends the slides (hurry).
  async function drawBoard(doc, old) {
    const token = ++drawing;
    const step = doc.step;
    if (doc.slots.length === 0) {
      svg.style.display = "none";
      $("text-board").hidden = false;
      $("text-board").textContent = step.show || "";
      return;
    }
    svg.style.display = "";
    $("text-board").hidden = true;
    sizeBoard();
    const wasNarrow = narrow;
    const slots = arrange(doc.slots, step, doc.geometry);
    if (narrow !== wasNarrow) box = [0, 0];
    const table = cardTable(svg, layer, doc.geometry);
    fit(table, slots, step);
    const ms = slideMs();
    const chain = doc.change;
    let steps = [step];
    // A new game slides nothing, unless it starts with automatic moves.
    let slides = old && old.title === doc.title;
    if (chain && chain.steps.length > 1 && ms > 0) {
      const follows = slides && chain.since === old.version;
      const one = playerMoves(doc, chain.steps.length - 1) <= 1;
      if (one && (follows || chain.since === null)) {
        steps = chain.steps.slice(1);
        slides = true;
        if (!follows) table.draw(slots, chain.steps[0]);
      }
    }
    for (let i = 0; i < steps.length; i++) {
      const last = i === steps.length - 1;
      const quick = hurried === token;
      if (quick && !last) continue;
      const took = drawStep(steps[i], slots, slides && !quick ? ms : 0);
      if (took) {
        animating = true;
        document.body.dataset.animating = "1";
        setBusy();
        await pause(took + 20);
        if (token !== drawing) return; // a newer board took over, and ends the slides
      }
    }
    for (const n of layer.querySelectorAll(".sliding")) {
      n.classList.remove("sliding");
      n.style.transition = "";
      n.style.transform = "";
    }
    wake = null;
    animating = false;
    document.body.dataset.animating = "";
    setBusy();
  }

  // ---------------------------------------------------------------- places and moves

  function at(place, click) {
    return place !== null && place[0] === click.pile && (place[1] === null || place[1] === click.index);
  }

  function keyOf(place) {
    return `${place[0]}:${place[1]}`;
  }

  // The elements a place names: its card, or the top item of its pile.
  function elementsOf(place) {
    const [pile, index] = place;
    if (index !== null) {
      return [...layer.querySelectorAll(`[data-pile="${pile}"][data-index="${index}"]`)];
    }
    const all = [...layer.querySelectorAll(`[data-pile="${pile}"]:not(.label)`)];
    return all.length ? [all[all.length - 1]] : [];
  }

  function placeOf(element) {
    const hit = element && element.closest ? element.closest("#layer [data-pile]") : null;
    if (!hit) return null;
    const index = hit.dataset.index;
    return { pile: hit.dataset.pile, index: index === undefined ? null : Number(index) };
  }

  // The places the keyboard's ring goes over: where a move starts, or once a card is
  // picked, where its moves go; top to bottom, then left to right, as they are drawn.
  function ringPlaces() {
    if (!view || view.over) return [];
    const seen = new Map();
    for (const m of view.legal) {
      const place = picked ? (at(m.from, picked) ? m.to : null) : m.from;
      if (place === null || seen.has(keyOf(place))) continue;
      const n = elementsOf(place)[0];
      if (!n) continue;
      const r = n.getBoundingClientRect();
      seen.set(keyOf(place), { place: place, top: Math.round(r.top), left: r.left });
    }
    return [...seen.values()].sort((a, b) => a.top - b.top || a.left - b.left);
  }

  function mark() {
    for (const n of layer.querySelectorAll(".picked, .target, .movable")) {
      n.classList.remove("picked", "target", "movable");
    }
    marks.replaceChildren();
    document.body.dataset.ring = "";
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
    if (focusAt !== null) {
      const ring = ringPlaces().find((p) => keyOf(p.place) === focusAt);
      document.body.dataset.ring = ring ? focusAt : "";
      const n = ring ? elementsOf(ring.place)[0] : null;
      if (n) {
        const b = n.getBBox();
        const [x, y] = translation(n) || [0, 0];
        const around = { x: x + b.x - 6, y: y + b.y - 6, width: b.width + 12, height: b.height + 12, rx: 10 };
        const r = document.createElementNS(NS, "rect");
        for (const k in around) r.setAttribute(k, around[k]);
        r.setAttribute("class", "ring");
        marks.append(r);
      }
    }
  }

  // ---------------------------------------------------------------- the page around the board

  async function show(doc) {
    const old = view;
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
    played.replaceChildren(
      ...view.played.map((m) => {
        const item = moveLine("li", m.move, m.text);
        if (m.auto) {
          item.classList.add("auto");
          item.title = "played for you: a safe move home";
        }
        return item;
      }),
    );
    if (played.lastChild) played.lastChild.classList.add("last");
    $("count").textContent = `(${view.played.length})`;
    const legal = $("legal");
    legal.replaceChildren();
    for (const m of view.legal) {
      const item = node("li");
      const button = node("button", m.move);
      button.type = "button";
      button.dataset.move = m.move;
      if (m.text) {
        button.title = m.text;
        // A screen reader reads the move's words after its notation.
        button.setAttribute("aria-label", `${m.move}: ${m.text}`);
      }
      button.addEventListener("click", () => play(m.move));
      item.append(button);
      legal.append(item);
    }
    $("undo").disabled = view.undo === 0;
    $("redo").disabled = view.redo === 0;
    $("restart").disabled = view.undo === 0;
    // In a fair game the full-sight coach waits for the end (the server refuses it).
    const fairNow = !!(view.fair && !view.over);
    $("ask-winnable").disabled = $("ask-solution").disabled = fairNow;
    $("auto").checked = !!view.auto;
    const fair = $("fair-mode");
    fair.hidden = !("fair" in view);
    $("fair").checked = !!view.fair;
    document.body.dataset.played = String(view.played.length);
    document.body.dataset.over = view.over || "";
    document.body.dataset.version = String(view.version);
    document.body.dataset.auto = view.auto ? "1" : "";
    $("coach").hidden = true;
    $("end").hidden = true;
    $("end").dataset.ready = "";
    keep(old);
    await drawBoard(doc, old);
    if (view !== doc) return; // a newer answer was drawn meanwhile
    mark();
    const side = $("side");
    if (!view.over) side.scrollTop = side.scrollHeight;
    if (view.over && endAsked !== view.version) {
      endAsked = view.version;
      showEnd();
    }
  }

  async function update(method, path, payload) {
    const doc = await call(method, path, payload);
    if (doc) await show(doc);
    return doc;
  }

  // ---------------------------------------------------------------- the count, the clock, the record

  const clock = { start: null, stop: null };
  const STATS = "solitaire-solver-stats";
  const CURRENT = "solitaire-solver-current";

  function readJSON(store, key, fallback) {
    try {
      return JSON.parse(store.getItem(key)) || fallback;
    } catch (error) {
      return fallback;
    }
  }

  // The record, per preset: games played, won, the current and the best streak of wins. It
  // counts deals, each one once: the server names a game's deal the same way in every game
  // of it (view.record.deal; none for a position that is no numbered deal's start), and the
  // browser keeps each deal's state in GAMES:
  //   open     counted as played: a move was made in a game begun at its deal here
  //   helped   open, and the coach has shown its winning line
  //   won      ended won: counted as won
  //   lost     ended with no move left
  //   solved   ended won after its winning line was shown: played, not won
  //   elsewhere  first seen with moves played elsewhere (a file): never counted
  // Only an open (or helped) deal changes the record, once, when its game first ends; so a
  // replay of the same deal (a restart, undo and redo, End, the deal dealt or loaded again)
  // counts nothing new. A game left before its end breaks the streak.
  const GAMES = "solitaire-solver-games";
  const MAX_GAMES = 10000; // the deals remembered; the oldest are forgotten past this
  const OPEN = new Set(["open", "helped"]);

  function keep(old) {
    const rec = view.record || { deal: null, from_deal: false, solution_shown: false };
    const key = rec.deal;
    const stats = readJSON(localStorage, STATS, {});
    const record = stats[view.game] || { played: 0, won: 0, streak: 0, best: 0 };
    const games = readJSON(localStorage, GAMES, {});
    // The game this tab shows, with its clock, kept for the tab: a reload goes on with them.
    const kept = readJSON(sessionStorage, CURRENT, {});
    const game = key || `${view.title}|${view.subtitle}`;
    const sameGame = old && kept.game === game;
    if (kept.game !== game) {
      if (kept.deal && OPEN.has(games[kept.deal]) && stats[kept.preset]) {
        stats[kept.preset].streak = 0; // a game left before its end breaks the streak
      }
      Object.assign(kept, { game: game, deal: key, preset: view.game, start: null, stop: null });
    }
    let state = key ? games[key] : undefined;
    const was = state;
    if (key && state === undefined && view.undo > 0) {
      // The first move of the deal seen here: counted if the game began here.
      state = rec.from_deal ? "open" : "elsewhere";
      if (state === "open") record.played += 1;
    }
    if (state === "open" && rec.solution_shown) state = "helped";
    if (OPEN.has(state) && view.over) {
      if (view.over === "won" && state === "open") {
        record.won += 1;
        record.streak += 1;
        record.best = Math.max(record.best, record.streak);
        state = "won";
      } else {
        record.streak = 0;
        state = view.over === "won" ? "solved" : "lost";
      }
    }
    if (key && state !== was) {
      delete games[key]; // last in the order: the oldest deals are forgotten first
      games[key] = state;
      const names = Object.keys(games);
      for (const name of names.slice(0, Math.max(0, names.length - MAX_GAMES))) delete games[name];
      localStorage.setItem(GAMES, JSON.stringify(games));
    }
    stats[view.game] = record;
    localStorage.setItem(STATS, JSON.stringify(stats));
    // The clock: from the first move of the player to the end; back at the deal (a restart)
    // it starts again.
    if (view.undo === 0 && !view.over) Object.assign(kept, { start: null, stop: null });
    if (view.undo > 0 && kept.start === null) kept.start = Date.now();
    if (!view.over) kept.stop = null;
    else if (kept.stop === null || kept.stop === undefined) kept.stop = Date.now();
    sessionStorage.setItem(CURRENT, JSON.stringify(kept));
    clock.start = kept.start;
    clock.stop = view.over ? kept.stop : null;
    const share = record.played ? Math.round((100 * record.won) / record.played) : 0;
    $("stats").textContent =
      `${view.game}: ${record.played} played, ${record.won} won (${share}%), ` +
      `streak ${record.streak}, best ${record.best}`;
    $("counted").textContent = countedText(key, state);
    document.body.dataset.counted = key ? state || "" : "none";
    tick();
    if (!sameGame) say("");
  }

  // How the record counts the game in play, in a few words.
  function countedText(key, state) {
    if (!key) return "This game is not in the record: it starts from a position, not a numbered deal.";
    const counted = {
      open: "This game counts in the record.",
      helped: "This game counts as played, not won: the coach showed its winning line.",
      won: "This deal is in the record as won: playing it again counts nothing new.",
      lost: "This deal is in the record as lost: playing it again counts nothing new.",
      solved:
        "This deal is in the record as played, not won (its winning line was shown): " +
        "playing it again counts nothing new.",
      elsewhere: "This game is not in the record: it came with moves played elsewhere.",
    };
    return counted[state] || "This game counts in the record from your first move.";
  }

  function tick() {
    if (!view) return;
    const moves = view.undo;
    const auto = view.played.length - moves;
    let text = `${moves} move${moves === 1 ? "" : "s"}`;
    if (auto > 0) text += ` (+${auto} automatic)`;
    let seconds = 0;
    if (clock.start !== null) seconds = Math.floor(((clock.stop || Date.now()) - clock.start) / 1000);
    const m = Math.floor(seconds / 60);
    const s = String(seconds % 60).padStart(2, "0");
    $("moves").textContent = text;
    $("clock").textContent = `${m}:${s}`;
  }
  setInterval(tick, 1000);

  // ---------------------------------------------------------------- playing

  function play(move) {
    picked = null;
    focusAt = null;
    return change("api/move", { move: move });
  }

  function idle() {
    return view && !view.over && busy === 0 && !animating;
  }

  function choose(click) {
    if (!idle()) return;
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

  // A double-click (or double-tap) sends the card home: the legal move from its place that
  // the server marks as going home. Where several start there (a card that starts runs of
  // different lengths, x1-2 and x1-3), the page never guesses: the card is picked, the
  // places where those moves end light up, and the player picks one.
  function sendHome(click) {
    if (!idle()) return false;
    const homes = view.legal.filter((m) => m.home && at(m.from, click));
    if (homes.length === 0) return false;
    if (homes.length === 1) {
      play(homes[0].move);
      return true;
    }
    picked = click;
    focusAt = null;
    mark();
    const names = homes.map((m) => m.move);
    const listed = `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
    say(`${listed}? Each goes home from this card: click where the one you want ends`);
    return true;
  }

  function clicked(click) {
    const key = `${click.pile}:${click.index}`;
    const now = performance.now();
    const double = lastClick.key === key && now - lastClick.at < DOUBLE_MS;
    lastClick = double ? { key: "", at: 0 } : { key: key, at: now };
    if (double && sendHome(click)) return;
    choose(click);
  }

  // Dragging: the card (or the run's first card) follows the pointer, mouse or finger;
  // let go on a place a legal move from it reaches, the move is played; anywhere else the
  // card slides back.
  function boardPoint(event) {
    const p = svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || drag) return;
    const click = placeOf(event.target);
    if (!click) return;
    const movable = idle() && view.legal.some((m) => m.to !== null && at(m.from, click));
    const items = movable ? elementsOf([click.pile, click.index]) : [];
    drag = {
      id: event.pointerId,
      click: click,
      x: event.clientX,
      y: event.clientY,
      start: boardPoint(event),
      items: items.map((n) => ({ n: n, at: translation(n) })),
      moving: false,
    };
    svg.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  svg.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id || drag.items.length === 0) return;
    if (!drag.moving) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
      drag.moving = true;
      picked = drag.click;
      mark();
      for (const item of drag.items) {
        item.n.classList.add("dragging");
        layer.appendChild(item.n);
      }
    }
    const p = boardPoint(event);
    for (const item of drag.items) {
      const x = item.at[0] + p.x - drag.start.x;
      const y = item.at[1] + p.y - drag.start.y;
      item.n.setAttribute("transform", `translate(${x} ${y})`);
    }
  });

  function dropAt(event) {
    // What lies under the pointer, the dragged card aside (it does not catch the pointer).
    for (const n of document.elementsFromPoint(event.clientX, event.clientY)) {
      const place = placeOf(n);
      if (place && !n.closest(".dragging")) return place;
    }
    return null;
  }

  function endDrag(event, cancelled) {
    if (!drag || event.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (svg.hasPointerCapture(event.pointerId)) svg.releasePointerCapture(event.pointerId);
    if (!d.moving) {
      if (!cancelled) clicked(d.click);
      return;
    }
    const target = cancelled ? null : dropAt(event);
    const move = target && view.legal.find((m) => at(m.from, d.click) && at(m.to, target));
    for (const item of d.items) item.n.classList.remove("dragging");
    if (move) {
      play(move.move);
      return;
    }
    // Back where it came from.
    const ms = slideMs();
    for (const item of d.items) {
      const now = translation(item.n);
      item.n.setAttribute("transform", `translate(${item.at[0]} ${item.at[1]})`);
      if (ms) slide(item.n, now, item.at, ms);
    }
    picked = null;
    mark();
    // Dropped on a place it cannot go, the card says so; dropped off the board, it just goes
    // back, and no older message stays.
    say(target ? "that card cannot go there" : "");
  }

  svg.addEventListener("pointerup", (event) => endDrag(event, false));
  svg.addEventListener("pointercancel", (event) => endDrag(event, true));

  // ---------------------------------------------------------------- the coach

  const percent = (x) => `${(100 * x).toFixed(1)}%`;

  // The fair hint's moves, one bar each: the chance of a win (green), the band the true
  // chance lies in (gold), and the samples the search left unsettled, counted as lost
  // (grey, after the green). A move with twins is listed once. The moves are listed in the
  // answer's order (best first), and the best is the answer's own move (or the move listed
  // for it and its twins): the page never orders or picks on its own.
  function chanceBars(box, fair) {
    const list = node("ul", undefined, "bars");
    for (const m of fair.moves) {
      if (m.group && m.group !== m.move) continue;
      const best = m.move === fair.move || (m.twins || []).includes(fair.move);
      const item = node("li", undefined, best ? "best" : "");
      item.dataset.move = m.move;
      item.append(node("code", m.move));
      const bar = node("span", undefined, "bar");
      const part = (name, left, width) => {
        const n = node("span", undefined, name);
        n.style.left = percent(Math.max(0, left));
        n.style.width = percent(Math.max(0, Math.min(1 - left, width)));
        bar.append(n);
      };
      part("fill", 0, m.chance);
      if (m.samples && m.unsettled) part("unsettled", m.chance, m.unsettled / m.samples);
      if (m.low !== undefined && m.high !== undefined) part("band", m.low, m.high - m.low);
      item.append(bar, " " + percent(m.chance));
      if (best) item.append(" \u2190 best");
      else if (m.tie) item.append(" (a tie with the best)");
      if (m.twins && m.twins.length) item.append(` (also ${m.twins.join(", ")})`);
      item.title = [m.text, m.unsettled_text].filter(Boolean).join("; ");
      list.append(item);
    }
    box.append(list);
    if (fair.unsettled) box.append(node("p", fair.unsettled, "unsettled-text"));
  }

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
        const words = doc.fair.text ? " " + doc.fair.text : "";
        if (doc.fair.chance === null || doc.fair.chance === undefined) {
          p.append(`${words}: the only move`);
        } else {
          p.append(`${words}, a ${percent(doc.fair.chance)} chance (${doc.fair.how})`);
        }
        box.append(p);
        const rows = doc.fair.moves || [];
        if (rows.length > 1 && rows.every((m) => typeof m.chance === "number")) chanceBars(box, doc.fair);
        if (!doc.best) {
          const button = $("legal").querySelector(`[data-move="${CSS.escape(doc.fair.move)}"]`);
          if (button) button.classList.add("hinted");
        }
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
    bring(box);
  }

  // An answer of the coach, or the end of a game, is scrolled into view where it is not
  // (on a phone it comes below the board and the buttons); it fits on the screen (its
  // height is capped, a long one scrolls inside).
  function bring(box) {
    box.scrollTop = 0;
    box.scrollIntoView({ block: "nearest" });
  }

  async function ask(kind) {
    const box = $("coach");
    box.replaceChildren(node("p", "thinking\u2026"));
    box.dataset.kind = "";
    box.hidden = false;
    bring(box);
    const doc = await call("POST", "api/coach/" + kind);
    if (doc) coachAnswer(kind, doc);
    else box.hidden = true;
  }

  async function showEnd() {
    const box = $("end");
    box.replaceChildren(node("p", "the game is over: looking into it\u2026"));
    box.hidden = false;
    bringEnd();
    const doc = await call("GET", "api/end");
    if (!doc || doc.version !== view.version) return;
    box.replaceChildren();
    box.append(node("h2", doc.over === "won" ? "You won!" : "No move is left"));
    box.append(node("p", doc.deal[0].toUpperCase() + doc.deal.slice(1) + "."));
    const review = node("p");
    review.className = "review";
    review.append(node("b", "Review: "), doc.review);
    box.append(review);
    if (doc.fair && typeof doc.fair.chance === "number") {
      const fair = node("p");
      fair.className = "fair";
      fair.append(node("b", "Your fair chance at the start: "), `${percent(doc.fair.chance)} (${doc.fair.how})`);
      box.append(fair);
    }
    const again = node("p", undefined, "again");
    for (const [label, deal] of [["Another deal", "random"], ["Play it again", null]]) {
      const button = node("button", label);
      button.type = "button";
      button.addEventListener("click", () => (deal ? newDeal(deal) : change("api/restart")));
      again.append(button, " ");
    }
    box.append(again);
    box.dataset.ready = "1";
    bringEnd();
  }

  function bringEnd() {
    bring($("end"));
  }

  // ---------------------------------------------------------------- the controls

  $("undo").addEventListener("click", () => change("api/undo"));
  $("redo").addEventListener("click", () => change("api/redo"));
  $("restart").addEventListener("click", () => change("api/restart"));
  $("ask-winnable").addEventListener("click", () => ask("winnable"));
  $("ask-hint").addEventListener("click", () => ask("hint"));
  $("ask-solution").addEventListener("click", () => ask("solution"));

  const AUTO = "solitaire-solver-auto";
  function wantedAuto() {
    return localStorage.getItem(AUTO) !== "0"; // on unless the player turned it off
  }
  $("auto").addEventListener("change", async () => {
    localStorage.setItem(AUTO, $("auto").checked ? "1" : "0");
    if (!(await change("api/settings", { auto: $("auto").checked }))) $("auto").checked = !!view.auto;
  });
  // Fair mode is the game's, not the browser's: the server may refuse it (a game that has
  // shown every card), and the box then shows the game's mode again.
  $("fair").addEventListener("change", async () => {
    if (!(await change("api/settings", { fair: $("fair").checked }))) $("fair").checked = !!view.fair;
  });

  function newDeal(deal) {
    box = [0, 0];
    return change("api/new", { game: $("game").value, deal: deal });
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
    change("api/load", { text: text, name: file.name });
  });

  // The keyboard's ring: up and down go over the places a move starts from (then, with a
  // card picked, the places it may go); Enter or Space picks there, or drops there.
  function moveRing(by) {
    const places = ringPlaces();
    if (!places.length) return;
    let i = places.findIndex((p) => keyOf(p.place) === focusAt);
    i = i < 0 ? (by > 0 ? 0 : places.length - 1) : (i + by + places.length) % places.length;
    focusAt = keyOf(places[i].place);
    mark();
    sayRing(places[i].place);
  }

  // What the ring is on, for a screen reader (the board is drawn, not written): the card (or
  // the face-down pile, or the empty place) and its pile, and what Enter does there.
  function sayRing(place) {
    const n = elementsOf(place)[0];
    const title = n && n.querySelector("title");
    const what = title ? title.textContent : "an empty place";
    const label = layer.querySelector(`text.label[data-pile="${CSS.escape(place[0])}"]`);
    const pile = label ? label.firstChild.textContent.trim() : place[0];
    let text = `${what}, ${pile}: Enter picks it`;
    const from = view.legal.filter((m) => at(m.from, { pile: place[0], index: place[1] }));
    if (from.length === 1 && from[0].to === null) {
      text = `${what}, ${pile}: Enter plays ${from[0].move}, ${from[0].text}`;
    }
    if (picked) {
      const card = elementsOf([picked.pile, picked.index])[0];
      const name = card && card.querySelector("title") ? card.querySelector("title").textContent : "the card";
      text = `${what}, ${pile}: Enter plays ${name} here`;
    }
    $("ring-text").textContent = text;
  }

  function pressRing() {
    const ring = ringPlaces().find((p) => keyOf(p.place) === focusAt);
    if (!ring) {
      moveRing(1);
      return;
    }
    const [pile, index] = ring.place;
    const click = { pile: pile, index: index };
    const wasPicked = picked !== null;
    choose(click);
    // Once picked, the ring goes to the first place the card may go.
    focusAt = null;
    if (!wasPicked && picked) moveRing(1);
    else mark();
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !view) return;
    const t = event.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
    // On a button, Enter and Space press the button.
    if (t instanceof HTMLButtonElement && (event.key === "Enter" || event.key === " ")) return;
    // On a box that scrolls (a long answer, the moves played), the keys that scroll scroll it.
    const scrolls = ["ArrowUp", "ArrowDown", "Home", "End", " ", "PageUp", "PageDown"];
    if (t instanceof HTMLElement && t.matches("#coach, #end, #side") && scrolls.includes(event.key)) {
      return;
    }
    const keys = {
      ArrowLeft: () => view.undo && change("api/undo"),
      ArrowRight: () => view.redo && change("api/redo"),
      Home: () => view.undo && change("api/undo", { steps: view.undo }),
      End: () => view.redo && change("api/redo", { steps: view.redo }),
      ArrowDown: () => moveRing(1),
      ArrowUp: () => moveRing(-1),
      Enter: () => pressRing(),
      " ": () => pressRing(),
      Escape: () => {
        picked = null;
        focusAt = null;
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

  // A screen turned or resized may need the other layout.
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => {
      if (!view || view.slots.length === 0 || animating) return;
      sizeBoard();
      const wasNarrow = narrow;
      const slots = arrange(view.slots, view.step, view.geometry);
      if (narrow === wasNarrow && !narrow) return;
      box = [0, 0];
      const table = cardTable(svg, layer, view.geometry);
      fit(table, slots, view.step);
      table.draw(slots, view.step);
      mark();
    }, 150);
  });

  // The server stops a while after the page is closed: the page calls in while it is open,
  // and says so when it goes (a reload comes back at once).
  setInterval(() => fetch("api/ping").catch(() => {}), Number(document.body.dataset.ping));
  window.addEventListener("pagehide", () => navigator.sendBeacon("api/bye"));

  (async function start() {
    const doc = await update("GET", "api/state");
    // The setting of automatic moves is the player's, kept by the browser.
    if (doc && doc.auto !== wantedAuto()) await change("api/settings", { auto: wantedAuto() });
  })();
})();
