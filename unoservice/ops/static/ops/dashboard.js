// The dashboard refreshes itself: every few seconds it fetches its figures again (the
// same template, rendered by the server) and puts them in place. No library needed.
(function () {
  "use strict";
  const board = document.getElementById("dashboard");
  if (!board) return;
  const url = board.dataset.refreshUrl;
  const seconds = Number(board.dataset.refreshSeconds) || 5;

  async function refresh() {
    try {
      const response = await fetch(url, {credentials: "same-origin", cache: "no-store"});
      if (response.ok && !response.redirected) {
        board.innerHTML = await response.text();
        board.classList.remove("dashboard-stale");
      } else {
        board.classList.add("dashboard-stale");
      }
    } catch (error) {
      board.classList.add("dashboard-stale");
    }
    window.setTimeout(refresh, seconds * 1000);
  }
  window.setTimeout(refresh, seconds * 1000);
})();
