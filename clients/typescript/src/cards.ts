// Card codes as closed sets, for both decks (the service's contract: card codes, UNO FLIP!).
// A classic-family card is a `ClassicCard`; an UNO FLIP! card is `"<light>/<dark>"`, a
// `LightFace` and a `DarkFace`. So `"red-77"` or `"red-3/red-4"` is not a `Card`.

export const COLORS = ["red", "yellow", "green", "blue"] as const;
export const DARK_COLORS = ["pink", "teal", "orange", "purple"] as const;
export type Color = (typeof COLORS)[number];
export type DarkColor = (typeof DARK_COLORS)[number];

type Digit = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

/** A classic-family card (classic, modern, Downpour decks). */
export type ClassicCard =
  | `${Color}-${"0" | Digit | "skip" | "reverse" | "draw2"}`
  | "wild"
  | "wild-draw4"
  | "wild-swap"
  | "wild-shuffle"
  | "wild-custom"
  | "wild-downpour1"
  | "wild-downpour2";
/** An UNO FLIP! light face. */
export type LightFace = `${Color}-${Digit | "draw1" | "reverse" | "skip" | "flip"}` | "wild" | "wild-draw2";
/** An UNO FLIP! dark face. */
export type DarkFace =
  | `${DarkColor}-${Digit | "draw5" | "reverse" | "skip-everyone" | "flip"}`
  | "wild"
  | "wild-draw-color";
/** An UNO FLIP! card: its light face and its dark face. */
export type FlipCard = `${LightFace}/${DarkFace}`;
/** A card of either deck. */
export type Card = ClassicCard | FlipCard;

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
const faces = (colors: readonly string[], ranks: readonly string[], wilds: string[]) =>
  new Set([...colors.flatMap((color) => ranks.map((rank) => `${color}-${rank}`)), ...wilds]);

export const CLASSIC_CARDS: ReadonlySet<string> = faces(
  COLORS,
  ["0", ...DIGITS, "skip", "reverse", "draw2"],
  ["wild", "wild-draw4", "wild-swap", "wild-shuffle", "wild-custom", "wild-downpour1", "wild-downpour2"],
);
export const LIGHT_FACES: ReadonlySet<string> = faces(
  COLORS,
  [...DIGITS, "draw1", "reverse", "skip", "flip"],
  ["wild", "wild-draw2"],
);
export const DARK_FACES: ReadonlySet<string> = faces(
  DARK_COLORS,
  [...DIGITS, "draw5", "reverse", "skip-everyone", "flip"],
  ["wild", "wild-draw-color"],
);

/** Whether `code` is a card of either deck (for codes that come as plain strings). */
export function isCard(code: unknown): code is Card {
  if (typeof code !== "string") return false;
  if (CLASSIC_CARDS.has(code)) return true;
  const [light, dark, ...more] = code.split("/");
  return more.length === 0 && LIGHT_FACES.has(light ?? "") && DARK_FACES.has(dark ?? "");
}
