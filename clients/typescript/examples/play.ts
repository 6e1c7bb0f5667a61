// Two players register, create, join, start and play a game to its end, choosing among
// the legal actions the server lists. Run: npm run example (UNO_BASE_URL, default :8000).
import { type Api, type LegalAction, ok, register } from "../src/client.js";

const baseUrl = process.env.UNO_BASE_URL ?? "http://127.0.0.1:8000";
const [ann, bob] = [await register(baseUrl, "ann"), await register(baseUrl, "bob")];
const noTimers = { turn_seconds: null, response_seconds: null, uno_window_seconds: null };
const rules = { preset: "classic" as const, options: { target_score: 50, hand_size: 4 } };
const body = { seats: 2, rules, timers: noTimers };
const game = ok(await ann.POST("/api/v1/games", { body }));
const path = { game_id: game.id };
ok(await bob.POST("/api/v1/games/{game_id}/join", { params: { path }, body: {} }));
let status = ok(await ann.POST("/api/v1/games/{game_id}/start", { params: { path } })).status;

const pick = (actions: LegalAction[]) => actions.find((a) => a.type === "play") ?? actions[0];
let moves = 0;
while (status === "active" && moves < 5000) {
  const offers: [Api, LegalAction][] = [];
  for (const player of [ann, bob]) {
    const legal = ok(await player.GET("/api/v1/games/{game_id}/legal-actions", { params: { path } }));
    const action = pick(legal.actions);
    if (action) offers.push([player, action]);
  }
  if (offers.length === 0) throw new Error("an active game with nothing to do");
  const [player, action] = offers[moves++ % offers.length]!;
  const sent = await player.POST("/api/v1/games/{game_id}/actions", { params: { path }, body: action });
  status = ok(sent).game.status;
}
const final = ok(await ann.GET("/api/v1/games/{game_id}", { params: { path } }));
console.log(JSON.stringify({ game: final.id, status: final.status, winner: final.winner, moves }));
