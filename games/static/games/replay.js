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

  function card(code) {
    const chip = document.createElement("span");
    const color = code.split("-")[0];
    chip.className = "card card-" + (["red", "yellow", "green", "blue"].includes(color) ? color : "wild");
    chip.textContent = code;
    return chip;
  }

  function cell(row, content) {
    const td = document.createElement("td");
    if (content instanceof Node) td.appendChild(content); else td.textContent = text(content);
    row.appendChild(td);
    return td;
  }

  function drawSeats(game) {
    const rows = document.createDocumentFragment();
    for (const seat of game.seats || []) {
      const row = document.createElement("tr");
      row.dataset.seat = seat.seat;
      if (seat.seat === game.to_act) row.className = "to-act";
      cell(row, seat.seat);
      cell(row, seat.player ? seat.player.name : null);
      cell(row, seat.state);
      cell(row, seat.cards);
      cell(row, seat.score);
      cell(row, seat.uno_called ? "called" : (seat.catchable_until ? "catchable" : ""));
      const hand = document.createElement("td");
      hand.className = "hand";
      row.appendChild(hand);
      for (const code of seat.hand || []) hand.appendChild(card(code));
      rows.appendChild(row);
    }
    seatsBody.replaceChildren(rows);
  }

  function draw(n) {
    const started = performance.now();
    at = Math.max(0, Math.min(n, steps.length - 1));
    const step = steps[at];
    const game = step.game;
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
    slider.value = at;
    position.textContent = `step ${at} of ${steps.length - 1}`;
    root.dataset.shown = at;
    const url = new URL(window.location);
    url.searchParams.set("at", at);
    window.history.replaceState(null, "", url);
    window.replayTimings.push(performance.now() - started);
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
