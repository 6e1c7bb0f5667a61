// A typed client for the UNO service: openapi-fetch over the types openapi-typescript
// generates into api.d.ts (bin/generate-clients). Types are taken from paths and
// operations, whose names are stable, rather than from schema component names.
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./api.js";

export type { paths };
export type Api = Client<paths>;

type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** The caller's view of a game, as GET /api/v1/games/{game_id} answers it. */
export type GameView = Json<paths["/api/v1/games/{game_id}"]["get"]["responses"][200]>;
/** One ready-to-send action, as GET /legal-actions lists it. */
export type LegalAction = Json<
  paths["/api/v1/games/{game_id}/legal-actions"]["get"]["responses"][200]
>["actions"][number];
/** The body POST /actions takes. */
export type ActionBody = Json<
  NonNullable<paths["/api/v1/games/{game_id}/actions"]["post"]["requestBody"]>
>;

/** A client for the service at baseUrl, signed in when given a token. */
export function connect(baseUrl: string, token?: string, fetchImpl?: typeof fetch): Api {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return createClient<paths>({ baseUrl, headers, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

/** The answer's body, or an Error carrying the problem (application/problem+json). */
export function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    const problem = JSON.stringify(answer.error);
    throw new Error(`${answer.response.status} ${answer.response.url}: ${problem}`);
  }
  return answer.data;
}

/** Registers a player named `name`: a client signed in as that player. */
export async function register(baseUrl: string, name: string): Promise<Api> {
  const me = ok(await connect(baseUrl).POST("/api/v1/players", { body: { name } }));
  return connect(baseUrl, me.token);
}
