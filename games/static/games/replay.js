// The staff replay viewer: every step of the game is fetched once, then each step is a
// redraw of the table (no request), so stepping stays fast on long games.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const slider = document.getElementById("replay-slider");
  const position = document.getElementById("replay-position");
  const seatsBody = document.getElementById("replay-seats");
  let steps = [];
  let at = Number(root.dataset.at) || 0;
  window.replayTimings = [];  // ms per step drawn, read by the tests

  function text(value) {
    if (value === null || value === undefined || value === "") return "—";
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  }

  // Each color has a shape and a letter of its own beside the color itself, so a card
  // reads the same to someone who cannot tell red from green.
  const MARKS = {
    red: "▲R", yellow: "●Y", green: "■G", blue: "◆B", wild: "★W",
    pink: "♥P", teal: "⬟T", orange: "⬢O", purple: "✚U",
  };
  const VALUES = {
    skip: "Skip", reverse: "Rev", draw1: "+1", draw2: "+2", draw5: "+5", flip: "Flip",
    "skip-everyone": "Skip all", "": "Wild", draw4: "+4", swap: "Swap", shuffle: "Shuffle",
    custom: "Custom", downpour1: "Pour 1", downpour2: "Pour 2", "draw-color": "+color",
  };
  let side = "light";

  function face(code) {
    const faces = code.split("/");
    return faces.length === 2 && side === "dark" ? faces[1] : faces[0];
  }

  // An UNO FLIP! card's other face: the one that faces away from its holder.
  function back(code) {
    const faces = code.split("/");
    if (faces.length !== 2) return null;
    return side === "dark" ? faces[0] : faces[1];
  }

  function card(code) {
    const shown = face(code);
    const color = shown.split("-")[0];
    const rest = shown.slice(color.length + 1);
    const chip = document.createElement("span");
    chip.className = "card card-" + (MARKS[color] ? color : "wild");
    chip.dataset.code = code;
    const name = color === "wild" ? "wild " + (rest || "") : color + " " + rest;
    const other = back(code);
    chip.title = chip.ariaLabel = name.trim() + (other ? " (back: " + other.replace("-", " ") + ")" : "");
    const mark = document.createElement("span");
    mark.className = "card-mark";
    mark.ariaHidden = "true";
    mark.textContent = MARKS[color] || color.slice(0, 1).toUpperCase();
    const value = document.createElement("span");
    value.className = "card-value";
    value.textContent = rest in VALUES ? VALUES[rest] : rest;
    chip.append(mark, value);
    if (other) {
      const backFace = document.createElement("span");
      backFace.className = "card-back";
      backFace.ariaHidden = "true";
      backFace.textContent = "/" + other;
      chip.appendChild(backFace);
    }
    return chip;
  }

  function cell(row, content, label) {
    const td = document.createElement("td");
    if (label) td.dataset.label = label;
    if (content instanceof Node) td.appendChild(content); else td.textContent = text(content);
    row.appendChild(td);
    return td;
  }

  // Staff, and players once the game's record is open to them, get every hand; a player
  // otherwise gets their own hand as `you`.
  function handOf(game, seat) {
    if (seat.hand) return seat.hand;
    return game.you && game.you.seat === seat.seat ? game.you.hand || [] : [];
  }

  function drawSeats(game) {
    const rows = document.createDocumentFragment();
    for (const seat of game.seats || []) {
      const row = document.createElement("tr");
      row.dataset.seat = seat.seat;
      if (seat.seat === game.to_act) row.className = "to-act";
      cell(row, seat.seat, "Seat");
      cell(row, seat.player ? seat.player.name : null, "Player");
      cell(row, seat.state, "State");
      cell(row, seat.cards, "Cards");
      cell(row, seat.score, "Score");
      cell(row, seat.uno_called ? "called" : (seat.catchable_until ? "catchable" : ""), "UNO");
      const hand = document.createElement("td");
      hand.className = "hand";
      row.appendChild(hand);
      for (const code of handOf(game, seat)) hand.appendChild(card(code));
      rows.appendChild(row);
    }
    seatsBody.replaceChildren(rows);
  }

  function draw(n) {
    const started = performance.now();
    at = Math.max(0, Math.min(n, steps.length - 1));
    const step = steps[at];
    const game = step.game;
    side = game.side || "light";
    for (const dd of root.querySelectorAll("[data-fact]")) {
      const value = game[dd.dataset.fact];
      dd.replaceChildren(dd.dataset.fact === "top_card" && value ? card(value) : document.createTextNode(text(value)));
    }
    drawSeats(game);
    const event = step.event;
    document.getElementById("replay-event-title").textContent =
      event ? `#${event.seq} ${event.type} (${event.actor})` : "none yet";
    document.getElementById("replay-event-public").textContent = event ? JSON.stringify(event.public, null, 1) : "";
    document.getElementById("replay-event-private").textContent =
      event && event.private ? JSON.stringify(event.private, null, 1) : "—";
    markFault();
    const unfolded = document.getElementById("replay-unfolded");
    unfolded.hidden = step.unfolded_at === undefined;
    unfolded.textContent = unfolded.hidden ? "" :
      `The log does not replay from event ${step.unfolded_at} on: the table stays as it was before it.`;
    slider.value = at;
    position.textContent = `step ${at} of ${steps.length - 1}`;
    root.dataset.shown = at;
    const url = new URL(window.location);
    url.searchParams.set("at", at);
    window.history.replaceState(null, "", url);
    window.replayTimings.push(performance.now() - started);
  }

  // A link from the audit (?fault=N) marks the first failing event when it is shown.
  function markFault() {
    const fault = root.dataset.fault;
    const banner = document.getElementById("replay-fault");
    const here = fault !== undefined && Number(fault) === at;
    document.getElementById("replay-event").classList.toggle("fault", here);
    banner.hidden = !here;
    if (here) {
      const check = root.dataset.faultCheck;
      banner.textContent = `The audit's first failing event${check ? ` (check: ${check})` : ""}.`;
    }
  }

  const moves = {first: () => 0, previous: () => at - 1, next: () => at + 1, last: () => steps.length - 1};
  for (const button of root.querySelectorAll("[data-go]")) {
    button.addEventListener("click", () => draw(moves[button.dataset.go]()));
  }
  slider.addEventListener("input", () => draw(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    const keys = {ArrowRight: "next", ArrowLeft: "previous", Home: "first", End: "last"};
    if (keys[e.key] && steps.length) {
      e.preventDefault();
      draw(moves[keys[e.key]]());
    }
  });

  fetch(root.dataset.stepsUrl, {credentials: "same-origin"})
    .then((response) => response.json())
    .then((body) => {
      steps = body.steps;
      document.getElementById("replay-loading").hidden = true;
      document.getElementById("replay-table").hidden = false;
      draw(at);
    });
})();
