// The package's entry: the hand-written layer (Uno, cards) and the typed client under it.
export * from "./cards.js";
export * from "./client.js";
export * from "./uno.js";
export type { components, operations } from "./api.js";
