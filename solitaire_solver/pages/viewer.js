
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("line-data").textContent);
  const svg = $("board");
  const g = data.geometry;
  const table = cardTable(svg, $("layer"), g);
  const steps = data.steps;
  const last = steps.length - 1;
  const textual = data.slots.length === 0;
  let at = 0;
  let timer = null;

  // The step a link names: "#12" is the position after move 12; null for anything else.
  function linked() {
    const found = /^#(\d+)$/.exec(location.hash);
    return found ? Number(found[1]) : null;
  }

  // The address follows the step shown, so that a link to this move can be copied.
  // Replacing the entry, not adding one, keeps the browser's Back button for leaving
  // the page rather than for taking back every step.
  function mark() {
    if (location.hash === "#" + at) return;
    try {
      history.replaceState(null, "", "#" + at);
    } catch (error) {
      // Some browsers refuse history changes to pages opened from files; the page
      // works the same without them.
    }
  }

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    mark();
    const step = steps[at];
    if (textual) {
      $("text-board").textContent = step.show || "";
    } else {
      table.draw(data.slots, step);
    }
    $("counter").textContent = `move ${at} of ${last}`;
    $("notation").textContent = step.move;
    const text = $("text");
    text.replaceChildren(at === 0 ? "The deal: the position at the start of play." : step.text);
    if (step.mark) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = step.mark;
      text.append(" ", mark);
    }
    if (at === last && data.end) {
      const end = document.createElement("span");
      end.className = "end" + (data.end.startsWith("won") ? "" : " lost");
      end.textContent = (at === 0 ? " " : " \u2014 ") + data.end;
      text.append(end);
    }
    const facts = $("facts");
    facts.replaceChildren();
    for (const [name, value] of step.facts) {
      const item = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = name + ":";
      item.append(b, " " + value);
      facts.append(item);
    }
    $("first").disabled = $("back").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === last;
    $("play").disabled = last === 0;
    $("slider").value = String(at);
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("play").textContent = "Play";
  }

  function play() {
    if (timer !== null) {
      stop();
      return;
    }
    if (at >= last) show(0);
    $("play").textContent = "Pause";
    timer = setInterval(() => {
      if (at >= last) stop();
      else show(at + 1);
    }, 700);
  }

  function go(k) {
    stop();
    show(k);
  }

  $("title").textContent = data.title;
  $("subtitle").textContent = data.subtitle;
  $("verdict").textContent = data.verdict;
  $("verdict").className = "verdict " + data.status;
  $("slider").max = String(last);
  $("slider").disabled = last === 0;
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(last));
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // The slider moves itself with the arrow keys; stepping again would skip.
    if (event.target === $("slider") && event.key.startsWith("Arrow")) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last,
      PageDown: at + 10, PageUp: at - 10 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      go(to);
    } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      play();
    }
  });
  if (textual) {
    svg.style.display = "none";
    $("text-board").hidden = false;
  } else {
    table.fit(data.slots, steps);
  }
  // A link may open the page at a step: page.html#12 shows the position after move 12.
  // Otherwise the page opens at its first marked step (or the deal).
  const wanted = linked();
  show(wanted !== null ? wanted : data.open);
  // A new number typed into the address, or a link followed within the page, loads
  // nothing: the page moves to the step itself.
  window.addEventListener("hashchange", () => {
    const k = linked();
    if (k !== null && k !== at) go(k);
  });
})();
