// Compiled by the tests (`tsc`): each `@ts-expect-error` below must meet an error, so
// this file fails to compile if a card code or a problem's `code` stops being closed.
import type { Action, Card, FlipCard, Problem } from "../src/index.js";

export const fine: Card[] = ["red-7", "wild-draw4", "red-3/teal-skip-everyone", "wild/wild-draw-color"];
export const play: Action = { type: "play", card: "blue-skip", uno: true };

// @ts-expect-error: no such card
export const wrong: Card = "red-77";
// @ts-expect-error: a light face on both sides
export const bothLight: FlipCard = "red-3/red-4";
// @ts-expect-error: a dark face alone
export const darkAlone: Card = "teal-3";
// @ts-expect-error: an action's card is a Card too
export const wrongPlay: Action = { type: "play", card: "red-77" };

export function codeOf(problem: Problem): string {
  return problem.code; // required: no `undefined` to handle
}
// @ts-expect-error: a problem without its code
export const noCode: Problem = { type: "about:blank", title: "Conflict", status: 409, detail: "" };
// @ts-expect-error: a code outside the documented set
export const unknownCode: Problem["code"] = "made_up_code";
