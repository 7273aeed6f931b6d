// The boards of every game, as one import: drawing (board-render.js: drawBoard, the board
// notations, square helpers) and what a player does on a board (board-input.js: BoardInput).
// The pages import from here, so either half can change without touching them.
export * from './board-render.js';
export * from './board-input.js';
