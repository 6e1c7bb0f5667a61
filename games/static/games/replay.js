// The replay viewer (staff in the admin, players by their link): every step of the game is
// fetched once, then each step is a redraw of the table (no request), so stepping stays
// fast on long games. It steps by move (the server groups the events and words them, from
// what the caller may see), or by event on demand, and plays by itself.
(function () {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const slider = document.getElementById("replay-slider");
  const position = document.getElementById("replay-position");
  const seatsBody = document.getElementById("replay-seats");
  const moveList = document.getElementById("replay-moves");
  const every = document.getElementById("replay-every");
  const playButton = document.getElementById("replay-play");
  const speed = document.getElementById("replay-speed");
  let steps = [];
  let moves = [];
  let moveOf = [];  // seq -> the index of the move it belongs to
  let at = 0;
  let shownMove = -1;
  let playing = null;
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

  // The events of the shown move, each in words, its recorded parts on demand.
  function drawEvents(move) {
    const items = document.createDocumentFragment();
    const first = move ? move.from : at;
    const last = move ? move.at : at;
    for (let seq = first; seq <= last; seq++) {
      const event = steps[seq] && steps[seq].event;
      if (!event) continue;
      const item = document.createElement("li");
      item.dataset.seq = seq;
      if (steps[seq].internal) item.className = "internal";
      if (seq === at) item.classList.add("shown");
      const title = document.createElement("p");
      title.textContent = `#${event.seq} ${event.type} (${event.actor}): ${steps[seq].words}`;
      const parts = document.createElement("pre");
      parts.textContent = "public " + JSON.stringify(event.public) +
        (event.private ? "\nprivate " + JSON.stringify(event.private) : "");
      item.append(title, parts);
      items.appendChild(item);
    }
    document.getElementById("replay-event-count").textContent = items.childElementCount;
    document.getElementById("replay-events").replaceChildren(items);
  }

  function drawMoves() {
    const items = document.createDocumentFragment();
    moves.forEach((move, index) => {
      const item = document.createElement("li");
      item.dataset.move = index;
      item.dataset.at = move.at;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move.words;
      button.addEventListener("click", () => { stop(); draw(move.at); });
      item.appendChild(button);
      items.appendChild(item);
    });
    moveList.replaceChildren(items);
  }

  function highlight(index) {
    if (index === shownMove) return;
    const old = moveList.children[shownMove];
    if (old) { old.classList.remove("current"); old.removeAttribute("aria-current"); }
    shownMove = index;
    const item = moveList.children[index];
    if (!item) return;
    item.classList.add("current");
    item.setAttribute("aria-current", "step");
    // Scroll the list only (never the page) so the shown move stays in sight.
    const top = item.offsetTop - moveList.offsetTop;
    if (top < moveList.scrollTop || top + item.offsetHeight > moveList.scrollTop + moveList.clientHeight) {
      moveList.scrollTop = top - moveList.clientHeight / 2;
    }
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
    const index = moveOf[at];
    const move = moves[index];
    const said = document.getElementById("replay-said");
    if (!move) said.textContent = "The table before anything happened.";
    else if (move.at === at) said.textContent = move.words;
    else said.textContent = `${step.words} (event ${at}, within the move: ${move.words})`;
    drawEvents(move);
    highlight(index === undefined ? -1 : index);
    markFault();
    const unfolded = document.getElementById("replay-unfolded");
    unfolded.hidden = step.unfolded_at === undefined;
    unfolded.textContent = unfolded.hidden ? "" :
      `The log does not replay from event ${step.unfolded_at} on: the table stays as it was before it.`;
    slider.value = at;
    position.textContent = move ? `move ${index + 1} of ${moves.length}, event ${at} of ${steps.length - 1}`
      : `event ${at} of ${steps.length - 1}`;
    root.dataset.shown = at;
    root.dataset.move = index === undefined ? "" : index;
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
    if (here) document.getElementById("replay-event").open = true;
    banner.hidden = !here;
    if (here) {
      const check = root.dataset.faultCheck;
      banner.textContent = `The audit's first failing event${check ? ` (check: ${check})` : ""}.`;
    }
  }

  // By move: the end of the next move, or of the move before the one shown. By event
  // ("Every event"): one event.
  function nextAt() {
    if (every.checked || !moves.length) return at + 1;
    const index = moveOf[at] === undefined ? -1 : moveOf[at];
    if (index >= 0 && moves[index].at > at) return moves[index].at;
    return index + 1 < moves.length ? moves[index + 1].at : steps.length - 1;
  }

  function previousAt() {
    if (every.checked || !moves.length) return at - 1;
    const index = moveOf[at] === undefined ? -1 : moveOf[at];
    return index > 0 ? moves[index - 1].at : 0;
  }

  function stop() {
    if (playing === null) return;
    clearTimeout(playing);
    playing = null;
    playButton.textContent = "▶ Play";
    playButton.setAttribute("aria-pressed", "false");
    root.dataset.playing = "false";
  }

  function tick() {
    if (at >= steps.length - 1) { stop(); return; }
    draw(nextAt());
    playing = setTimeout(tick, Number(speed.value));
  }

  function play() {
    if (playing !== null) { stop(); return; }
    if (at >= steps.length - 1) draw(0);
    playButton.textContent = "❚❚ Pause";
    playButton.setAttribute("aria-pressed", "true");
    root.dataset.playing = "true";
    playing = setTimeout(tick, Number(speed.value));
  }

  const go = {first: () => 0, previous: previousAt, next: nextAt, last: () => steps.length - 1};
  for (const button of root.querySelectorAll("[data-go]")) {
    button.addEventListener("click", () => { stop(); draw(go[button.dataset.go]()); });
  }
  playButton.addEventListener("click", play);
  speed.addEventListener("change", () => { if (playing !== null) { stop(); play(); } });
  slider.addEventListener("input", () => { stop(); draw(Number(slider.value)); });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range" && e.target.type !== "checkbox") return;
    if (e.target instanceof HTMLSelectElement) return;
    const keys = {ArrowRight: "next", ArrowLeft: "previous", Home: "first", End: "last"};
    if (!steps.length) return;
    if (keys[e.key]) {
      e.preventDefault();
      stop();
      draw(go[keys[e.key]]());
    } else if (e.key === " " && !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLInputElement)) {
      e.preventDefault();
      play();
    }
  });

  fetch(root.dataset.stepsUrl, {credentials: "same-origin"})
    .then((response) => response.json())
    .then((body) => {
      steps = body.steps;
      moves = body.moves;
      moveOf = new Array(steps.length);
      moves.forEach((move, index) => { for (let seq = move.from; seq <= move.at; seq++) moveOf[seq] = index; });
      drawMoves();
      document.getElementById("replay-loading").hidden = true;
      document.getElementById("replay-table").hidden = false;
      // An audit's link to a failing event steps by event: that is what an auditor checks.
      if (root.dataset.fault !== undefined) every.checked = true;
      // No step asked for (?at=N): the deal, or the last step of a game not dealt yet.
      const opening = root.dataset.at !== undefined ? Number(root.dataset.at)
        : (body.deal !== null ? moves[body.deal].at : steps.length - 1);
      draw(opening);
    });
})();
