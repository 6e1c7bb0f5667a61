// Run by tests/clients/test_typescript_sdk.py against a proxy that cuts streams: two
// players play a game to its end with `play` while two more connections follow it, one
// with fetch (Last-Event-ID) and one as a browser does, with EventSource and a ticket;
// the first move's first three answers are refusals the API allows retrying. Prints what
// was seen as one JSON line.
import { EventSource as NodeEventSource } from "eventsource";
import { type Action, type Frame, Uno, type View } from "../src/index.js";

// Node 20 has no EventSource: this WHATWG one stands in for a browser's.
(globalThis as { EventSource?: unknown }).EventSource ??= NodeEventSource;

const baseUrl = process.env.UNO_BASE_URL ?? "http://127.0.0.1:8000";
const refusals: [number, Record<string, string>, string][] = [
  [429, { "Retry-After": "1" }, "throttled"],
  [503, {}, "service_unavailable"],
  [409, {}, "request_in_progress"],
];
const moves: { key: string | null; match: string | null }[] = [];
const waits: number[] = [];
const refusing: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  if (request.method === "POST" && request.url.endsWith("/actions")) {
    moves.push({ key: request.headers.get("Idempotency-Key"), match: request.headers.get("If-Match") });
    const refusal = refusals.shift();
    if (refusal) {
      const [status, headers, code] = refusal;
      const problem = { type: "about:blank", title: code, status, detail: "", code };
      return new Response(JSON.stringify(problem), {
        status,
        headers: { "Content-Type": "application/problem+json", ...headers },
      });
    }
  }
  return fetch(request);
};
const sleep = async (seconds: number) => {
  waits.push(seconds);
};

const ann = await Uno.register(baseUrl, "ann", { fetch: refusing, sleep, streams: "fetch" });
const bob = await Uno.register(baseUrl, "bob", { streams: "fetch" });
const timers = { turn_seconds: null, response_seconds: null, uno_window_seconds: null };
const rules = { preset: "classic" as const, options: { target_score: 50, hand_size: 2 } };
const game = await ann.createGame({ seats: 2, rules, timers });
await bob.join(game);
await ann.start(game);

const playsFirst = (_view: View, actions: Action[]) => actions.find((a) => a.type === "play") ?? actions[0]!;
const seen: Frame[] = [];
const watcher = new Uno(baseUrl, bob.token, { streams: "fetch" });
const watch = (async () => {
  for await (const frame of watcher.follow(game)) seen.push(frame);
})();
const seenByTicket: Frame[] = [];
const browser = new Uno(baseUrl, bob.token, { streams: "eventsource" });
const watchByTicket = (async () => {
  for await (const frame of browser.follow(game)) seenByTicket.push(frame);
})();
const [annEnd, bobEnd] = await Promise.all([
  ann.play(game, playsFirst),
  bob.play(game, playsFirst),
  watch,
  watchByTicket,
]);
const summary = (frames: Frame[]) => ({
  first: frames[0]?.id,
  events: frames.filter((f) => f.kind === "event").map((f) => f.id),
  last: frames.slice(-2).map((f) => [f.kind, f.id]),
});
console.log(
  JSON.stringify({
    game: game.id,
    status: [annEnd.status, bobEnd.status],
    version: annEnd.version,
    fetched: summary(seen),
    ticketed: summary(seenByTicket),
    moves: moves.slice(0, 4),
    waits,
  }),
);
