
"use strict";
// cardTable(svg, layer, geometry) draws positions on an SVG board: the piles of a
// step at their slots, each card carrying its pile, card and index as data- attributes.
function cardTable(svg, layer, g) {
  // The SVG namespace, read from the page's own <svg> element rather than spelled out.
  const NS = svg.namespaceURI;
    const SUIT_NAMES = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" };
    const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
    // Pips of the number cards on a grid of 3 columns and 7 rows, as printed cards
    // place them; those below the middle are drawn upside down, as printed too.
    const PIPS = {
      2: [[1, 0], [1, 6]],
      3: [[1, 0], [1, 3], [1, 6]],
      4: [[0, 0], [2, 0], [0, 6], [2, 6]],
      5: [[0, 0], [2, 0], [1, 3], [0, 6], [2, 6]],
      6: [[0, 0], [2, 0], [0, 3], [2, 3], [0, 6], [2, 6]],
      7: [[0, 0], [2, 0], [1, 1.5], [0, 3], [2, 3], [0, 6], [2, 6]],
      8: [[0, 0], [2, 0], [1, 1.5], [0, 3], [2, 3], [1, 4.5], [0, 6], [2, 6]],
      9: [[0, 0], [2, 0], [0, 2], [2, 2], [1, 3], [0, 4], [2, 4], [0, 6], [2, 6]],
      T: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2], [0, 4], [2, 4], [1, 5], [0, 6], [2, 6]],
    };

    function make(name, attrs, parent, text) {
      const node = document.createElementNS(NS, name);
      for (const key in attrs) node.setAttribute(key, attrs[key]);
      if (text !== undefined) node.textContent = text;
      parent.appendChild(node);
      return node;
    }

    // Where the i-th item of a pile is drawn; a face-down part, if any, is item 0.
    function place(slot, i) {
      if (slot.fan === "down") return [slot.x, slot.y + i * g.fanDown];
      if (slot.fan === "right") return [slot.x + i * g.fanRight, slot.y];
      if (slot.fan === "rows") {
        const col = i % slot.perRow;
        const row = Math.floor(i / slot.perRow);
        return [slot.x + col * (g.w + g.colGap), slot.y + row * (g.h + g.rowGap)];
      }
      return [slot.x, slot.y];
    }

    function items(pile) {
      return pile[0].length + (pile[1] > 0 ? 1 : 0);
    }

    // The board is as big as the piles get over the whole line, so that it
    // never changes size while stepping; spread piles get room for one more
    // item, where the outline of a card that just left is drawn.
    function fitBoard(slots, steps) {
      let width = 0;
      let height = 0;
      for (const slot of slots) {
        let n = 1;
        for (const step of steps) {
          const pile = step.piles[slot.name];
          if (pile) n = Math.max(n, items(pile));
        }
        if (slot.fan === "down" || slot.fan === "right") n += 1;
        const ends = [place(slot, n - 1)];
        if (slot.fan === "rows") ends.push(place(slot, Math.min(n, slot.perRow) - 1));
        for (const [x, y] of ends) {
          width = Math.max(width, x + g.w);
          height = Math.max(height, y + g.h);
        }
      }
      svg.setAttribute("viewBox", `0 0 ${width + g.margin} ${height + g.margin}`);
    }

    function suit(parent, s, x, y, size, flip) {
      const half = size / 2;
      const attrs = { href: "#suit-" + s, x: x - half, y: y - half, width: size, height: size };
      if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
      make("use", attrs, parent);
    }

    function corner(parent, rank, s) {
      if (rank === "T") {
        // Two digits in the room of one letter.
        const fit = { textLength: 15, lengthAdjust: "spacingAndGlyphs" };
        make("text", { class: "rank", x: 2.5, y: 16, ...fit }, parent, "10");
      } else {
        make("text", { class: "rank", x: 4, y: 16 }, parent, rank);
      }
      suit(parent, s, 9.5, 25, 10, false);
    }

    function card(slot, code, x, y, moved, index) {
      const rank = code[0];
      const s = code[1];
      const red = s === "H" || s === "D";
      const node = make("g", {
        class: "card " + (red ? "red" : "black") + (moved ? " moved" : ""),
        transform: `translate(${x} ${y})`,
        "data-pile": slot.name,
        "data-card": code,
        "data-index": index,
      }, layer);
      make("title", {}, node, `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[s]}`);
      make("rect", { class: "face", width: g.w, height: g.h, rx: 6 }, node);
      corner(node, rank, s);
      corner(make("g", { transform: `rotate(180 ${g.w / 2} ${g.h / 2})` }, node), rank, s);
      const cx = g.w / 2;
      const cy = g.h / 2;
      if (rank === "A") {
        suit(node, s, cx, cy, 30, false);
      } else if (PIPS[rank]) {
        for (const [col, row] of PIPS[rank]) {
          suit(node, s, cx + (col - 1) * 11, 20 + (row * (g.h - 40)) / 6, 11, row > 3);
        }
      } else {
        const frame = { x: 15, y: 14, width: g.w - 30, height: g.h - 28, rx: 3 };
        make("rect", { class: "frame", ...frame }, node);
        make("text", { class: "court", x: cx, y: cy + 4, "text-anchor": "middle" }, node, rank);
        suit(node, s, cx, cy + 18, 12, false);
      }
    }

    function back(slot, count, x, y, moved) {
      const node = make("g", {
        class: "down" + (moved ? " moved" : ""),
        transform: `translate(${x} ${y})`,
        "data-pile": slot.name,
        "data-down": count,
      }, layer);
      make("title", {}, node, `${count} face-down card${count === 1 ? "" : "s"}`);
      // A pile of several shows the edges of the cards under its top one.
      for (let i = Math.min(3, count - 1); i > 0; i--) {
        const edge = { x: 1.5 * i, y: 1.5 * i, width: g.w, height: g.h, rx: 6 };
        make("rect", { class: "back-edge", ...edge }, node);
      }
      make("rect", { class: "back", width: g.w, height: g.h, rx: 6 }, node);
      make("circle", { class: "badge", cx: g.w / 2, cy: g.h / 2, r: 15 }, node);
      make("text", { class: "badge-text", x: g.w / 2, y: g.h / 2 + 4.5 }, node, String(count));
    }

    function emptyPlace(slot) {
      const where = `translate(${slot.x} ${slot.y})`;
      const node = make("g", { class: "empty", transform: where, "data-pile": slot.name }, layer);
      make("rect", { class: "place", width: g.w, height: g.h, rx: 6 }, node);
      if (/^[CSHD]$/.test(slot.hint)) {
        const where = { x: g.w / 2 - 15, y: g.h / 2 - 15, width: 30, height: 30 };
        make("use", { class: "hint", href: "#suit-" + slot.hint, ...where }, node);
      } else if (slot.hint) {
        make("text", { class: "hint-text", x: g.w / 2, y: g.h / 2 + 9 }, node, slot.hint);
      }
    }

    function label(slot, pile, from) {
      const y = slot.numbered ? slot.y - 20 : slot.y - 8;
      const kind = from ? "label from" : "label";
      const attrs = { class: kind, x: slot.x, y: y, "data-pile": slot.name };
      const node = make("text", attrs, layer, slot.label);
      if (pile[2]) make("tspan", { class: "note" }, node, " " + pile[2]);
    }

    function drawBoard(slots, step) {
      layer.replaceChildren();
      const from = new Set(step.from);
      for (const slot of slots) {
        const pile = step.piles[slot.name] || [[], 0, "", 0];
        const [cards, down, , hidden] = pile;
        const marks = step.hi[slot.name] || [];
        if (items(pile) === 0) emptyPlace(slot);
        if (from.has(slot.name) && slot.fan !== "rows") {
          // Outline where the card that left was: above what stays, under what came.
          const came = marks.filter((i) => i >= 0).length;
          const i = slot.fan === "stack" ? 0 : Math.max(0, items(pile) - came);
          const [x, y] = place(slot, i);
          const around = { x: x - 5, y: y - 5, width: g.w + 10, height: g.h + 10, rx: 9 };
          make("rect", { class: "source", ...around }, layer);
        }
        let first = 0;
        if (down > 0) {
          const [x, y] = place(slot, 0);
          back(slot, down, x, y, marks.includes(-1));
          first = 1;
        }
        cards.forEach((code, j) => {
          const [x, y] = place(slot, first + j);
          if (slot.numbered) {
            make("text", { class: "pos", x: x + g.w / 2, y: y - 6 }, layer, String(hidden + j + 1));
          }
          card(slot, code, x, y, marks.includes(j), hidden + j);
        });
        label(slot, pile, from.has(slot.name));
      }
    }


  return { draw: drawBoard, fit: fitBoard, place: place, items: items, make: make };
}
