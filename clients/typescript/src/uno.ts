// `Uno`: the typed client (openapi-fetch over the generated api.d.ts) used the way the
// service asks, written by hand so that regenerating api.d.ts never touches it.
// - Every POST gets an `Idempotency-Key`, kept across its retries: it is done once.
// - A move carries `If-Match` with the version it was chosen from (412 when stale).
// - Retried with the same key: 429 with `Retry-After`, 503, 409 `request_in_progress`,
//   and a request that got no answer. Any other refusal throws `ApiError` with the problem.
// - `follow` reads a game's stream as typed frames and resumes after a cut: with
//   `Last-Event-ID` (fetch, Node), or with a stream ticket (`EventSource`, browsers).
import { createParser } from "eventsource-parser";
import type { Card } from "./cards.js";
import { type Api, type GameView, type LegalAction, connect } from "./client.js";
import type { components, paths } from "./api.js";

type Schemas = components["schemas"];
type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type WithCard<T> = T extends { card: unknown } ? Omit<T, "card"> & { card: Card } : T;

/** An action to send: a listed one, or one built by hand (its `card` a real `Card`). */
export type Action = WithCard<LegalAction>;
/** The seat's view with its cards typed (`you.hand`, `top_card`). */
export type View = Omit<GameView, "you" | "top_card" | "legal_actions"> & {
  you: (Omit<NonNullable<GameView["you"]>, "hand"> & { hand: Card[] }) | null;
  top_card: Card | null;
  legal_actions: Action[];
};
/** A problem (application/problem+json): `code` is always there, a stable code. */
export type Problem = Omit<Schemas["Problem"], "code"> & { code: Schemas["Problem"]["code"] };
export type GameEvent = Json<
  paths["/api/v1/games/{game_id}/events"]["get"]["responses"][200]
>["events"][number];
/** A frame of a game's stream: a view, an event, and last the end. */
export type Frame =
  | { kind: "view"; id: number; data: View }
  | { kind: "event"; id: number; data: GameEvent }
  | { kind: "end"; id: number; data: { version: number } };
/** `decide(view, actions)` returns one of `actions` (a play may be given `uno: true`). */
export type Decide = (view: View, actions: Action[]) => Action | Promise<Action>;
export type GameRef = string | { id: string };
export type CreateGame = NonNullable<
  paths["/api/v1/games"]["post"]["requestBody"]
>["content"]["application/json"];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(`${status} ${problem.code}: ${problem.detail}`);
  }
  get code(): Problem["code"] {
    return this.problem.code;
  }
}

export interface RetryPolicy {
  attempts: number;
  pause: number; // seconds, doubled each time when the answer names no Retry-After
  longestWait: number;
}
export interface UnoOptions {
  retry?: Partial<RetryPolicy>;
  /** How a stream is read: "fetch" (a header token; Node) or "eventsource" (a ticket;
   * browsers). Default: "eventsource" where `EventSource` exists. */
  streams?: "fetch" | "eventsource";
  sleep?: (seconds: number) => Promise<void>;
  fetch?: typeof fetch;
}

const ENDED = new Set(["finished", "aborted"]);
const gameId = (game: GameRef) => (typeof game === "string" ? game : game.id);

function retryable(status: number, problem: Partial<Problem>, headers: Headers): boolean {
  if (status === 429) return headers.has("Retry-After"); // not too_many_games
  return status === 503 || (status === 409 && problem.code === "request_in_progress");
}

function asProblem(status: number, body: unknown): Problem {
  const found = (typeof body === "object" && body !== null ? body : {}) as Partial<Problem>;
  return { type: "about:blank", title: "", detail: "", ...found, status, code: found.code ?? ("" as Problem["code"]) };
}

export class Uno {
  readonly api: Api;
  readonly retry: RetryPolicy;
  private readonly sleep: (seconds: number) => Promise<void>;
  private readonly fetch: typeof fetch;
  private readonly streams: "fetch" | "eventsource";

  constructor(
    readonly baseUrl: string,
    readonly token?: string,
    readonly options: UnoOptions = {},
  ) {
    this.baseUrl = baseUrl.replace(/\/$/, "");
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.api = connect(this.baseUrl, token, this.fetch);
    this.retry = { attempts: 6, pause: 0.2, longestWait: 30, ...options.retry };
    this.sleep = options.sleep ?? ((s) => new Promise((done) => setTimeout(done, s * 1000)));
    this.streams = options.streams ?? ("EventSource" in globalThis ? "eventsource" : "fetch");
  }

  /** A new player named `name`, signed in. */
  static async register(baseUrl: string, name: string, options: UnoOptions = {}): Promise<Uno> {
    const me = await new Uno(baseUrl, undefined, options).send((h) =>
      connect(baseUrl, undefined, options.fetch).POST("/api/v1/players", { body: { name }, headers: h }),
    );
    return new Uno(baseUrl, me.token, options);
  }

  /** One request through openapi-fetch, with a key and the retries the API allows. */
  async send<T>(
    request: (headers: Record<string, string>) => Promise<{ data?: T; error?: unknown; response: Response }>,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const sent = { "Idempotency-Key": crypto.randomUUID(), ...headers };
    for (let attempt = 0; ; attempt++) {
      const last = attempt === this.retry.attempts - 1;
      let answer;
      try {
        answer = await request(sent);
      } catch (error) {
        if (last) throw error; // no answer at all: with its key, sending again is safe
        await this.sleep(this.wait(attempt));
        continue;
      }
      if (answer.response.ok) return answer.data as T;
      const problem = asProblem(answer.response.status, answer.error);
      if (last || !retryable(answer.response.status, problem, answer.response.headers)) {
        throw new ApiError(answer.response.status, problem);
      }
      await this.sleep(this.wait(attempt, answer.response.headers));
    }
  }

  private wait(attempt: number, headers?: Headers): number {
    const said = Number(headers?.get("Retry-After") ?? Number.NaN);
    const seconds = Number.isFinite(said) ? said : this.retry.pause * 2 ** attempt;
    return Math.min(Math.max(seconds, 0), this.retry.longestWait);
  }

  createGame(body: CreateGame) {
    return this.send((headers) => this.api.POST("/api/v1/games", { body, headers }));
  }
  join(game: GameRef, body: { invite_code?: string } = {}) {
    const path = { game_id: gameId(game) };
    return this.send((headers) => this.api.POST("/api/v1/games/{game_id}/join", { params: { path }, body, headers }));
  }
  start(game: GameRef) {
    const path = { game_id: gameId(game) };
    return this.send((headers) => this.api.POST("/api/v1/games/{game_id}/start", { params: { path }, headers }));
  }
  async game(game: GameRef): Promise<View> {
    const path = { game_id: gameId(game) };
    return (await this.send(() => this.api.GET("/api/v1/games/{game_id}", { params: { path } }))) as View;
  }
  /** Sends `action`; with `version`, only while the game is at that version (If-Match). */
  act(game: GameRef, action: Action, version?: number) {
    const path = { game_id: gameId(game) };
    const match: Record<string, string> = version === undefined ? {} : { "If-Match": `"${version}"` };
    return this.send(
      (headers) => this.api.POST("/api/v1/games/{game_id}/actions", { params: { path }, body: action, headers }),
      match,
    );
  }
  /** A ticket for `?ticket=` on a stream (what `EventSource` uses: it cannot send headers). */
  async streamTicket(): Promise<string> {
    return (await this.send((headers) => this.api.POST("/api/v1/stream-tickets", { headers }))).ticket;
  }

  /** The game's stream as typed frames, to its end; a cut connection is opened again
   * after the last frame seen, so nothing is lost or repeated. */
  follow(game: GameRef, after?: number): AsyncGenerator<Frame> {
    return this.streams === "eventsource" ? this.followWithTickets(gameId(game), after) : this.followWithFetch(gameId(game), after);
  }

  private async *followWithFetch(id: string, after?: number): AsyncGenerator<Frame> {
    let last = after;
    for (let failures = 0; ; ) {
      const headers: Record<string, string> = { Accept: "text/event-stream" };
      if (this.token) headers.Authorization = `Bearer ${this.token}`;
      if (last !== undefined) headers["Last-Event-ID"] = String(last);
      const frames: Frame[] = [];
      const parser = createParser({
        onEvent: (message) => {
          const frame = toFrame(message.event, message.id, message.data);
          if (frame) frames.push(frame);
        },
      });
      try {
        const answer = await this.fetch(`${this.baseUrl}/api/v1/games/${id}/stream`, { headers });
        if (!answer.ok || !answer.body) {
          const problem = asProblem(answer.status, await answer.json().catch(() => ({})));
          if (failures + 1 >= this.retry.attempts || !retryable(answer.status, problem, answer.headers)) {
            throw new ApiError(answer.status, problem);
          }
          await this.sleep(this.wait(failures++, answer.headers));
          continue;
        }
        const decoder = new TextDecoder();
        for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          for (const frame of frames.splice(0)) {
            last = frame.id;
            failures = 0;
            yield frame;
            if (frame.kind === "end") return;
          }
        }
      } catch (error) {
        if (error instanceof ApiError || ++failures >= this.retry.attempts) throw error;
        await this.sleep(this.wait(failures - 1));
      }
      // The connection ended before the game did: open it again where it stopped.
    }
  }

  private async *followWithTickets(id: string, after?: number): AsyncGenerator<Frame> {
    // EventSource reconnects by itself with Last-Event-ID while its ticket lasts (60 s);
    // when it gives up (the ticket expired), a new ticket and `?after=` resume it.
    let last = after;
    const frames: Frame[] = [];
    let wake: () => void = () => {};
    let closed = false;
    for (let failures = 0; ; ) {
      const query = new URLSearchParams({ ticket: await this.streamTicket() });
      if (last !== undefined) query.set("after", String(last));
      const source = new EventSource(`${this.baseUrl}/api/v1/games/${id}/stream?${query}`);
      closed = false;
      const take = (kind: string) => (message: MessageEvent) => {
        const frame = toFrame(kind, message.lastEventId, String(message.data));
        if (frame) frames.push(frame);
        wake();
      };
      for (const kind of ["view", "event", "end"]) source.addEventListener(kind, take(kind) as (event: Event) => void);
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) closed = true;
        wake();
      };
      try {
        while (!closed) {
          if (frames.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          for (const frame of frames.splice(0)) {
            last = frame.id;
            failures = 0;
            yield frame;
            if (frame.kind === "end") return;
          }
        }
      } finally {
        source.close();
      }
      if (++failures >= this.retry.attempts) throw new Error(`the stream of game ${id} keeps failing`);
      await this.sleep(this.wait(failures - 1));
    }
  }

  /** Plays this seat to the game's end: whenever it may act, `decide(view, actions)`
   * picks one, sent with the view's version in If-Match. Returns the final view. */
  async play(game: GameRef, decide: Decide): Promise<View> {
    const id = gameId(game);
    let known = -1;
    for await (const frame of this.follow(id)) {
      if (frame.kind === "end") break;
      if (frame.kind !== "view" || frame.data.version < known) continue;
      let view = frame.data;
      while (view.status === "active" && view.legal_actions.length > 0) {
        const action = await decide(view, view.legal_actions);
        try {
          view = (await this.act(id, action, view.version)).game as View;
        } catch (error) {
          // Someone moved first (a bot, a timer): the newer view is asked for. The same
          // refusal at an unchanged version is the decision's own fault.
          const current = await this.game(id);
          if (!(error instanceof ApiError) || ![409, 412].includes(error.status) || current.version === view.version) {
            throw error;
          }
          view = current;
        }
      }
      known = view.version;
      if (ENDED.has(view.status)) break;
    }
    return this.game(id);
  }
}

function toFrame(kind: string | undefined, id: string | undefined, data: string): Frame | undefined {
  if (kind !== "view" && kind !== "event" && kind !== "end") return undefined; // a newer kind
  const parsed = JSON.parse(data);
  return { kind, id: id ? Number(id) : parsed.version, data: parsed } as Frame;
}
