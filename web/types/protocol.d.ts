// The types of everything the Tabula server sends the browser, generated from its Rust
// types (crates/server/src/web_types.rs). Do not edit: after changing a type, run
//   TABULA_WRITE_TYPES=1 cargo test -p tabula-server --test server web_types::

/**
 * Accounts found by a part of their name.
 */
export type AccountList = { 
/**
 * Newest first.
 */
accounts: Array<AccountSummary>, };

/**
 * What an account may do on the site.
 */
export type AccountRole = "player" | "admin";

/**
 * An account as the moderators list it.
 */
export type AccountSummary = { 
/**
 * Its number.
 */
id: number, 
/**
 * Its name.
 */
name: string, 
/**
 * Its role.
 */
role: AccountRole, 
/**
 * When it was made.
 */
created: number, 
/**
 * Games it finished.
 */
games: number, 
/**
 * Reports filed against it.
 */
reported: number, };

export type ActBody = { 
/**
 * The seat's token; a signed-in player may leave it out: the session's account plays the
 * seat it holds.
 */
token?: string | null, action: RawJson, };

/**
 * An action carried out.
 */
export type Acted = { 
/**
 * The room's version after it.
 */
v: number, };

/**
 * Whom the games of a task are played against.
 */
export type Against = "computer" | "classmate";

/**
 * An assignment given.
 */
export type AssignmentMade = { 
/**
 * Its id.
 */
id: string, };

/**
 * An assignment as its class sees it.
 */
export type AssignmentView = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its title.
 */
title: string, 
/**
 * When it is due (ms since the Unix epoch).
 */
due: number | null, 
/**
 * When it was given: play from then on counts.
 */
created: number, 
/**
 * Its tasks.
 */
tasks: Array<ClassTask>, 
/**
 * The students it is for, by name (`null`: the whole class).
 */
students: Array<string> | null, };

/**
 * A stored line of the audit log.
 */
export type AuditEntry = { 
/**
 * Its number (they only grow).
 */
id: number, 
/**
 * When.
 */
at: number, 
/**
 * Who.
 */
actor: string, 
/**
 * What.
 */
action: string, 
/**
 * On whom or what.
 */
subject: string, 
/**
 * The details.
 */
detail: string, };

/**
 * Why input is malformed (400).
 */
export type BadInputCause = "bad_input" | "bad_body" | "bad_query" | "unknown_parameter" | "bad_frame" | "bad_action" | "bad_kind" | "bad_variant" | "bad_options" | "bad_position" | "bad_moves" | "bad_username" | "bad_password" | "bad_text" | "bad_rating" | "bad_theme" | "bad_day" | "bad_tournament" | "bad_moderation" | "unrateable" | "unsupported_game";

/**
 * Which sanction forbids it (403, code `banned`).
 */
export type BannedCause = "muted" | "account_banned" | "address_banned";

/**
 * An announcement.
 */
export type Bid = { 
/**
 * Who announced.
 */
player: number, 
/**
 * How many moves.
 */
bid: number, 
/**
 * When.
 */
at: number, };

/**
 * A value for each side.
 */
export type BlueRed<T> = { 
/**
 * Blue's.
 */
blue: T, 
/**
 * Red's.
 */
red: T, };

/**
 * A legal board: seven tokens of one side and two empty squares.
 */
export type Board = string;

/**
 * The seat of each colour.
 */
export type ByColor = { 
/**
 * White's seat.
 */
white: number, 
/**
 * Black's seat.
 */
black: number, };

/**
 * A count for each side.
 */
export type BySide<T> = { 
/**
 * Blue's.
 */
blue: T, 
/**
 * Red's.
 */
red: T, };

/**
 * A cancellation.
 */
export type CancelBody = { 
/**
 * Why (in the audit log).
 */
reason: string, 
/**
 * Also take it out of every list (a spam event).
 */
hide?: boolean, };

/**
 * A tournament cancelled.
 */
export type Cancelled = { 
/**
 * The tournament.
 */
id: string, 
/**
 * Whether it is out of the lists too.
 */
hidden: boolean, };

/**
 * Why a reader cannot write in a chat: as data, so the page words it in the reader's language
 * (a mute's end as a date of theirs, not a timestamp).
 */
export type CannotWrite = { "why": "sign_in" } | { "why": "muted", 
/**
 * Until when (ms since the Unix epoch; none: until a moderator lifts it).
 */
until: number | null, 
/**
 * The moderator's reason.
 */
reason: string, } | { "why": "class_account" };

/**
 * A double-sided card.
 */
export type Card = { 
/**
 * Position in the deck, from 1 (the top card).
 */
number: number, 
/**
 * The sliding-side task.
 */
sliding: CardTask, 
/**
 * The chess-side task.
 */
chess: CardTask, };

/**
 * Something done to a card instead of moving a piece; each costs one move.
 */
export type CardAction = string;

/**
 * A deck of cards solved alone.
 */
export type CardDeck = "checkmates" | "royal";

/**
 * The result on one card (or pair).
 */
export type CardResult = { 
/**
 * The recorded start.
 */
start: Layout, 
/**
 * The card(s).
 */
cards: Array<Layout>, 
/**
 * Best completed count.
 */
best: number | null, 
/**
 * Attempts made (including the current one).
 */
attempts: number, };

/**
 * One side of a card.
 */
export type CardTask = { 
/**
 * The task pattern.
 */
task: string, 
/**
 * Stars it is worth.
 */
stars: number, 
/**
 * Exact difficulty over every legal setup.
 */
difficulty: Difficulty, };

/**
 * A piece on a cell.
 */
export type CellPiece = { 
/**
 * Whose.
 */
side: QuerniSide, 
/**
 * Its number.
 */
n: number, };

/**
 * A challenge as a player sends it.
 */
export type ChallengeBody = { 
/**
 * Whom, by name.
 */
to: string, 
/**
 * `quickchess`, `querni` or `royal-match`.
 */
kind: Kind, 
/**
 * The game's options (variant, clock; `color` is the challenger's side).
 */
options?: GameOptions, 
/**
 * Rated or casual.
 */
rated?: boolean, };

/**
 * What is stored of the game asked for.
 */
export type ChallengeGame = { 
/**
 * The kind of game.
 */
kind: Kind, 
/**
 * Its options.
 */
options: GameOptions, 
/**
 * Rated or casual.
 */
rated: boolean, };

/**
 * The viewer's challenges.
 */
export type ChallengeList = { 
/**
 * Made to the viewer, newest first.
 */
incoming: Array<ChallengeView>, 
/**
 * Made by the viewer, newest first.
 */
outgoing: Array<ChallengeView>, 
/**
 * The server's clock now.
 */
now: number, };

/**
 * A seat in the game an accepted challenge made.
 */
export type ChallengeSeat = { 
/**
 * The game.
 */
id: string, 
/**
 * The viewer's seat.
 */
seat: number, 
/**
 * Its token.
 */
token: string, };

/**
 * A challenge as one of its two players sees it.
 */
export type ChallengeView = { 
/**
 * Its id.
 */
id: string, 
/**
 * Who asks.
 */
from: string, 
/**
 * Who is asked.
 */
to: string, 
/**
 * The game asked for.
 */
game: ChallengeGame, 
/**
 * `open`, `accepted`, `declined`, `cancelled` or `expired`.
 */
status: string, 
/**
 * When it lapses unless answered.
 */
expires: number, 
/**
 * The viewer's seat, once accepted.
 */
seat: ChallengeSeat | null, };

/**
 * A message to write.
 */
export type ChatBody = { 
/**
 * Up to 300 characters, shown as text.
 */
text: string, };

/**
 * A message as a room shows it.
 */
export type ChatLine = { 
/**
 * Its number (for `?after=` and for a report).
 */
id: number, 
/**
 * Its writer.
 */
name: string, 
/**
 * Its text (masked where the filter found a listed word); show it as text.
 */
body: string, 
/**
 * When.
 */
at: number, };

/**
 * A room as its reader sees it.
 */
export type ChatView = { 
/**
 * `players`, `spectators`, `tournament`, `class_news` or `class`.
 */
room: string, 
/**
 * The messages after the one asked for, oldest first (at most [`SHOWN`]).
 */
messages: Array<ChatLine>, 
/**
 * Why the reader cannot write here, if they cannot (a guest, a muted account).
 */
cannot_write: CannotWrite | null, };

/**
 * A message written.
 */
export type ChatWritten = { 
/**
 * Its number.
 */
id: number, };

/**
 * A Check Mates task solved, or proved unsolvable from the board.
 */
export type CheckMatesSolved = { 
/**
 * How many moves.
 */
moves: number, 
/**
 * The moves.
 */
solution: Array<string>, 
/**
 * The task's rotation met, in degrees clockwise (none for a task that looks the
 * same turned).
 */
rotation: number | null, 
/**
 * The board at the end.
 */
final_board: Board, } | { 
/**
 * Always null.
 */
moves: null, 
/**
 * Always true.
 */
unsolvable: true, };

/**
 * Which side of the tokens and cards is played.
 */
export type CheckmatesSide = "sliding" | "chess";

/**
 * Something a player does, or time passing.
 */
export type ChessAction = { "t": "move", 
/**
 * Who moves.
 */
player: Color, 
/**
 * The move (`a2a3`, `a5a6q`, `e1c1`).
 */
uci: string, } | { "t": "place", 
/**
 * Who places.
 */
player: Color, 
/**
 * The piece kind.
 */
role: string, 
/**
 * The square.
 */
square: string, } | { "t": "unplace", 
/**
 * Who.
 */
player: Color, 
/**
 * The square to clear.
 */
square: string, } | { "t": "resign", 
/**
 * Who resigns.
 */
player: Color, } | { "t": "offer_draw", 
/**
 * Who offers.
 */
player: Color, } | { "t": "offer_takeback", 
/**
 * Who asks.
 */
player: Color, } | { "t": "accept_takeback", 
/**
 * Who grants it.
 */
player: Color, } | { "t": "decline_takeback", 
/**
 * Who refuses.
 */
player: Color, } | { "t": "berserk", 
/**
 * Who.
 */
player: Color, } | { "t": "tick" };

/**
 * The clocks as a client draws them.
 */
export type ChessClock = { 
/**
 * White's time left.
 */
white_ms: number, 
/**
 * Black's.
 */
black_ms: number, 
/**
 * Whose clock runs (`white`, `black`): none until the side to move has made its first
 * move (first moves are free), before the Blind reveal, or after the end.
 */
running: string | null, 
/**
 * The time each side started with.
 */
initial_ms: number | null, 
/**
 * Added after each move.
 */
increment_ms: number | null, };

/**
 * What happened.
 */
export type ChessEvent = { "t": "moved", 
/**
 * By whom.
 */
player: Color, 
/**
 * UCI.
 */
uci: string, 
/**
 * SAN.
 */
san: string, 
/**
 * The position after it.
 */
fen: string, 
/**
 * Whether the side to move is now in check.
 */
check: boolean, } | { "t": "placed", 
/**
 * Whose.
 */
player: Color, 
/**
 * Where and what, like `K@c1`.
 */
placement: string, } | { "t": "unplaced", 
/**
 * Whose.
 */
player: Color, 
/**
 * The square.
 */
square: string, } | { "t": "revealed", 
/**
 * The position.
 */
fen: string, 
/**
 * Who moves first.
 */
first: Color, 
/**
 * Why: the coin, or a king in check.
 */
why: string, } | { "t": "place_again" } | { "t": "draw_offered", 
/**
 * By whom.
 */
player: Color, } | { "t": "takeback_offered", 
/**
 * By whom.
 */
player: Color, } | { "t": "takeback_declined", 
/**
 * By whom.
 */
player: Color, } | { "t": "taken_back", 
/**
 * Whose move was taken back.
 */
player: Color, 
/**
 * How many moves (half-moves) were undone.
 */
moves: number, 
/**
 * The position now.
 */
fen: string, } | { "t": "berserked", 
/**
 * Who.
 */
player: Color, } | { "t": "game_over", 
/**
 * How.
 */
outcome: string, 
/**
 * `1-0`, `0-1` or `1/2-1/2`; `*` for a game aborted before a first move.
 */
result: string, };

/**
 * What a QuickChess player may ask for.
 */
export type ChessIntent = { "t": "move", 
/**
 * The move.
 */
uci: string, } | { "t": "place", 
/**
 * The piece letter.
 */
role: string, 
/**
 * The square.
 */
square: string, } | { "t": "unplace", 
/**
 * The square.
 */
square: string, } | { "t": "resign" } | { "t": "berserk" } | { "t": "offer_draw" } | { "t": "offer_takeback" } | { "t": "accept_takeback" } | { "t": "decline_takeback" };

/**
 * A QuickChess event as every client is told it.
 */
export type ChessShown = HiddenEvent | ChessEvent;

/**
 * What a QuickChess player (or spectator) sees.
 */
export type ChessView = { 
/**
 * `quickchess`.
 */
kind: string, 
/**
 * The variant's name.
 */
variant: string, 
/**
 * Files.
 */
width: number, 
/**
 * Ranks.
 */
height: number, 
/**
 * The position (none while Blind placements are hidden).
 */
fen: string | null, 
/**
 * The start position (the same).
 */
start_fen: string | null, 
/**
 * The pieces.
 */
board: Array<PieceOn>, 
/**
 * The side to move (`white`, `black`).
 */
turn: string, 
/**
 * Whether it is in check.
 */
check: boolean, 
/**
 * Every move.
 */
moves: Array<MoveView>, 
/**
 * The last move.
 */
last: MoveView | null, 
/**
 * Blind QuickChess before the reveal.
 */
setup: SetupView | null, 
/**
 * Lost pieces and the balance.
 */
material: Material | null, 
/**
 * The clocks of a timed game.
 */
clock: ChessClock | null, 
/**
 * An arena tournament's game: the viewer may berserk now.
 */
may_berserk?: boolean, 
/**
 * Who berserked (White first).
 */
berserked: [boolean, boolean], 
/**
 * The server's time.
 */
now: number, 
/**
 * The outcome in words.
 */
outcome: string | null, 
/**
 * The outcome in parts.
 */
end: End | null, 
/**
 * The result (`1-0`, ...; `*` for an aborted game).
 */
result: string | null, 
/**
 * The side offering a draw.
 */
draw_offer: string | null, 
/**
 * The side asking for a takeback.
 */
takeback: string | null, 
/**
 * Whether it is over.
 */
over: boolean, 
/**
 * The seat of each colour.
 */
sides: ByColor, 
/**
 * Both sides at one screen.
 */
one_screen: boolean, 
/**
 * The viewer's colour.
 */
color: string | null, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * Whether the viewer moves now.
 */
your_turn: boolean, 
/**
 * The viewer's legal moves.
 */
legal: Array<LegalMove>, 
/**
 * What the tables or the lesson solver already know of the position.
 */
solved: VerdictParts | null, 
/**
 * Whether the lesson-game coach may know the game (a lesson game the full-board solver
 * takes): the page asks it after each move (`"coach": true` in `/api/chess/position`).
 */
coached: boolean, };

export type Claim = { seats: Array<string>, };

/**
 * Guest seats made the account's.
 */
export type Claimed = { 
/**
 * How many.
 */
claimed: number, };

/**
 * `GET /api/classes`: the classes the signed-in account teaches or is in.
 */
export type ClassList = { 
/**
 * Its classes, newest first.
 */
classes: Array<ClassSummary>, 
/**
 * Whether a teacher made this account (it then joins classes only by a teacher's hand
 * or code, and is safe by default).
 */
class_account: boolean, };

/**
 * A class made.
 */
export type ClassMade = { 
/**
 * Its id.
 */
id: string, 
/**
 * What students type to join.
 */
code: string, };

/**
 * `GET /api/classes/{id}/progress`: the class's assignments and a row per active student.
 */
export type ClassProgress = { 
/**
 * The assignments, oldest first; their tasks, in order, are the columns.
 */
assignments: Array<AssignmentView>, 
/**
 * A row per student in the class now, by name.
 */
students: Array<StudentProgress>, };

/**
 * A class's settings changed (only what is given changes).
 */
export type ClassSettings = { 
/**
 * A new name.
 */
name?: string | null, 
/**
 * A new description.
 */
description?: string | null, 
/**
 * Students write to each other.
 */
student_chat?: boolean | null, 
/**
 * Accounts made for the class play rated games.
 */
rated_games?: boolean | null, 
/**
 * Archive the class (or bring it back).
 */
archived?: boolean | null, };

/**
 * A class in a list.
 */
export type ClassSummary = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * `teacher` or `student`.
 */
role: string, 
/**
 * How many students it has now.
 */
students: number, 
/**
 * Whether it is archived.
 */
archived: boolean, };

/**
 * One task of an assignment.
 */
export type ClassTask = { "kind": "puzzles", 
/**
 * QuickChess or Querni.
 */
game: PuzzleGame, 
/**
 * How many.
 */
count: number, 
/**
 * Only of this theme.
 */
theme?: string | null, 
/**
 * Only rated within this band.
 */
rating?: RatingBand | null, 
/**
 * Only these puzzles (the teacher's pick).
 */
set?: Array<string> | null, } | { "kind": "lesson", 
/**
 * The lesson game (`kings-conquest`, ...).
 */
variant: string, 
/**
 * Hold the draw or win.
 */
goal: Goal, 
/**
 * The computer's level, at least (1 to 8; 8 plays perfectly where the tables know).
 */
level: number, 
/**
 * From this position (FEN) rather than the start.
 */
fen?: string | null, } | { "kind": "cards", 
/**
 * Check Mates or The Royal Study.
 */
game: CardDeck, 
/**
 * The fewest moves the cards take.
 */
difficulty: number, 
/**
 * How many.
 */
count: number, } | { "kind": "learn", 
/**
 * The chapter.
 */
chapter: number, } | { "kind": "games", 
/**
 * The game (`quickchess`, `querni`, `checkmates-party`, `royal-match`).
 */
game: string, 
/**
 * A QuickChess variant.
 */
variant?: string | null, 
/**
 * How many.
 */
count: number, 
/**
 * Against the computer or a classmate.
 */
against: Against, 
/**
 * The computer's level, at least.
 */
level?: number | null, };

/**
 * `GET /api/classes/{id}`: a class as the asker may see it.
 */
export type ClassView = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * What the teacher says of it.
 */
description: string, 
/**
 * The asker's role: `teacher` or `student`.
 */
role: string, 
/**
 * The join code (teachers only).
 */
code: string | null, 
/**
 * Whether its students may write to each other in its room.
 */
student_chat: boolean, 
/**
 * Whether the accounts made for it may play rated games.
 */
rated_games: boolean, 
/**
 * Whether it is archived.
 */
archived: boolean, 
/**
 * Its teachers, by name.
 */
teachers: Array<string>, 
/**
 * Its students (the active ones for a student; every one for a teacher).
 */
students: Array<MemberView>, };

/**
 * A time control as a client asks for it: `{"initial_s": 300, "increment_s": 3}` (whole
 * seconds; the increment may be left out for none), or a correspondence game's
 * `{"days": 3}` (each move within three days, the time set afresh after every move).
 */
export type ClockOption = { 
/**
 * Each side's time at the start (none for correspondence).
 */
initial_s: number, 
/**
 * Added after each of a side's moves.
 */
increment_s: number, 
/**
 * Correspondence: the days each move may take (one of [`CORRESPONDENCE_DAYS`]).
 */
days?: number, };

/**
 * Why a game was closed before its end.
 */
export type CloseReason = "deserted" | "moderator";

/**
 * The room's part of a step's view: only a closing shows.
 */
export type ClosedTable = { closed: CloseReason, };

/**
 * A player's action.
 */
export type CmSoloAction = { "t": "move", 
/**
 * The move.
 */
mv: Move, } | { "t": "abandon" } | { "t": "tick" };

/**
 * What happened.
 */
export type CmSoloEvent = { "t": "card_revealed", 
/**
 * Its index in the run, from 0.
 */
index: number, 
/**
 * The task.
 */
task: Task, } | { "t": "moved", 
/**
 * The move.
 */
mv: Move, 
/**
 * The board after it.
 */
board: Board, } | { "t": "task_met", 
/**
 * Its index.
 */
index: number, 
/**
 * Moves it took.
 */
moves: number, 
/**
 * When, from the start of the run.
 */
elapsed: number, } | { "t": "finished", 
/**
 * Total time.
 */
total_ms: number, 
/**
 * The rating.
 */
rating: string, } | { "t": "abandoned" };

/**
 * What the solo player sees.
 */
export type CmSoloView = { 
/**
 * `checkmates-solo`.
 */
kind: string, 
/**
 * The side of the tokens and cards.
 */
side: CheckmatesSide | null, 
/**
 * The board.
 */
board: Board, 
/**
 * The task on top, if any is left.
 */
task: Task | null, 
/**
 * Its index.
 */
index: number, 
/**
 * How many tasks the run has.
 */
total: number, 
/**
 * When the run started.
 */
started_at: number, 
/**
 * Time used so far (the total once finished).
 */
elapsed: number, 
/**
 * The tasks met.
 */
history: Array<TaskDone>, 
/**
 * Whether every task was met.
 */
finished: boolean, 
/**
 * The rating of a finished run's time.
 */
rating: string | null, 
/**
 * Whether the player stopped.
 */
abandoned: boolean, 
/**
 * Whether the run has ended.
 */
over: boolean, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * The server's time.
 */
now: number, 
/**
 * The legal moves.
 */
legal: Array<string>, };

/**
 * A move in both notations.
 */
export type CoachMove = { 
/**
 * In UCI, as a board plays it.
 */
uci: string, 
/**
 * In SAN, as people read it.
 */
san: string, };

/**
 * What the coach says about a position (every field `null` or empty where it does not know).
 */
export type CoachView = { 
/**
 * With perfect play, for the side to move: `win`, `draw` or `loss`.
 */
value: string | null, 
/**
 * Where the value comes from: `book` (a game solved on the full board) or `table` (the
 * position solved in memory).
 */
source: string | null, 
/**
 * What the last move did for the side that made it, where both values are known.
 */
last: LastMoveView | null, 
/**
 * The moves that keep the value, best first (a winner's first makes progress where a
 * table holds the position).
 */
keeping: Array<CoachMove>, };

/**
 * A side. White (the light side) moves first.
 */
export type Color = "white" | "black";

/**
 * The side the creator of a duel takes.
 */
export type ColorChoice = "first" | "second" | "blue" | "red" | "white" | "black";

/**
 * What the request clashes with (409).
 */
export type ConflictCause = "conflict" | "game_started" | "game_not_started" | "game_over" | "game_not_over" | "game_closed" | "seats_full" | "already_seated" | "name_taken" | "too_many" | "lobby_closed" | "own_seek" | "pairing" | "settled" | "rematch" | "tournament_state" | "done_already" | "blocking" | "not_begun" | "no_public_address" | "class_member";

export type CreateBody = { kind: string, name?: string, 
/**
 * The kind's options (each kind reads those it takes, and refuses others).
 */
options?: GameOptions | null, bots?: Array<number>, 
/**
 * Rated (between signed-in players) or casual.
 */
rated?: boolean, };

export type Credentials = { username: string, password: string, 
/**
 * The seat tokens this browser holds as a guest: their games become the account's.
 */
seats?: Array<string>, };

/**
 * A solution judged (`POST /api/daily/{puzzle}/solve`).
 */
export type DailyJudged = { 
/**
 * Its moves (and card actions).
 */
moves: number, 
/**
 * The fewest possible.
 */
optimum: number, 
/**
 * It took the fewest.
 */
optimal: boolean, 
/**
 * It is the asker's first, the one that counts.
 */
counted: boolean, 
/**
 * The counted result's place.
 */
rank: number | null, 
/**
 * Of how many.
 */
of: number, 
/**
 * The counted result.
 */
result: DailyTime | null, };

/**
 * A counted result with its place.
 */
export type DailyMark = { 
/**
 * Moves (and card actions).
 */
moves: number, 
/**
 * Time from the first look, in ms.
 */
ms: number, 
/**
 * The place, from 1.
 */
rank: number, };

/**
 * The asker's standing in one of the day's puzzles.
 */
export type DailyMine = { 
/**
 * The puzzle's id.
 */
puzzle: string, 
/**
 * Their counted result, if they solved it.
 */
result: DailyMark | null, 
/**
 * How many solved it.
 */
solvers: number, };

/**
 * Where a daily puzzle stands after some steps.
 */
export type DailyPosition = { 
/**
 * The board (a Check Mates board or a Royal Study layout).
 */
board: string, 
/**
 * The target as it is oriented now (a task or a card).
 */
target: string | null, 
/**
 * The steps so far (moves and card actions).
 */
count: number, 
/**
 * The target is met.
 */
done: boolean, 
/**
 * The legal moves (none once done).
 */
legal: Array<string>, 
/**
 * The card actions of the level (The Royal Study; none once done).
 */
actions: Array<string>, };

/**
 * One of the day's puzzles.
 */
export type DailyPuzzle = { 
/**
 * Its id: `checkmates-sliding`, `checkmates-chess`, `royal-1`, `royal-2`, `royal-3`.
 */
id: string, 
/**
 * The start (a board or a layout).
 */
board: string, 
/**
 * The target (a task or a card).
 */
target: string, 
/**
 * The optimal number of moves (and card actions).
 */
optimum: number, };

/**
 * One place in a ranking.
 */
export type DailyRankRow = { 
/**
 * From 1.
 */
rank: number, 
/**
 * The player's name.
 */
name: string, 
/**
 * An account's (not a guest's).
 */
registered: boolean, 
/**
 * Moves (and card actions).
 */
moves: number, 
/**
 * Time, in ms.
 */
ms: number, };

/**
 * A puzzle's best 100 today (`GET /api/daily/{puzzle}/ranking`).
 */
export type DailyRanking = { 
/**
 * The day.
 */
day: string, 
/**
 * The puzzle.
 */
puzzle: string, 
/**
 * The results, best first.
 */
results: Array<DailyRankRow>, };

/**
 * A past puzzle with an optimal solution.
 */
export type DailySolved = { 
/**
 * Its id.
 */
id: string, 
/**
 * The start.
 */
board: string, 
/**
 * The target.
 */
target: string, 
/**
 * The optimal count.
 */
optimum: number, 
/**
 * One optimal solution.
 */
solution: Array<string>, };

/**
 * A puzzle's clock started (`POST /api/daily/{puzzle}/start`).
 */
export type DailyStarted = { 
/**
 * The day.
 */
day: string, 
/**
 * The puzzle.
 */
puzzle: DailyPuzzle, 
/**
 * When the asker first saw it (ms since 1970): their time runs from here.
 */
started: number, };

/**
 * A result's moves and time.
 */
export type DailyTime = { 
/**
 * Moves (and card actions).
 */
moves: number, 
/**
 * Time, in ms.
 */
ms: number, };

/**
 * The day's puzzles and how the asker did (`GET /api/daily`).
 */
export type DailyToday = { 
/**
 * The day, `YYYY-MM-DD` (UTC).
 */
day: string, 
/**
 * Its weekday, 0 Monday to 6 Sunday (Sunday's are the hardest).
 */
weekday: number, 
/**
 * Its puzzles.
 */
puzzles: Array<DailyPuzzle>, 
/**
 * The asker's result in each, in the same order.
 */
mine: Array<DailyMine>, 
/**
 * Days in a row the asker solved a puzzle.
 */
streak: number, 
/**
 * Yesterday's puzzles with their solutions.
 */
yesterday: DailyYesterday, };

/**
 * Yesterday, solved.
 */
export type DailyYesterday = { 
/**
 * Its day.
 */
day: string, 
/**
 * Its puzzles with an optimal solution each.
 */
puzzles: Array<DailySolved>, };

/**
 * A whole deck.
 */
export type Deck = { 
/**
 * The seed it was generated from.
 */
seed: number, 
/**
 * The cards, top first.
 */
cards: Array<Card>, };

/**
 * Which cards of the deck are played.
 */
export type DeckChoice = "full" | "one-star" | "two-star";

/**
 * The default decks (`GET /api/decks`).
 */
export type Decks = { 
/**
 * Check Mates's deck.
 */
checkmates: Deck, 
/**
 * The Royal Study's cards, as layouts.
 */
royal: Array<string>, };

export type DeleteBody = { password: string, };

/**
 * An account deleted.
 */
export type Deleted = { 
/**
 * Its name (now free to take after a while).
 */
deleted: string, };

/**
 * How hard a task is over every legal setup (`b2` and one other square empty).
 */
export type Difficulty = { 
/**
 * Mean optimal number of moves over all setups.
 */
mean: number, 
/**
 * Largest optimal number of moves over all setups.
 */
max: number, 
/**
 * A setup that needs `max` moves (the first in rank order).
 */
worst_setup: string, 
/**
 * How many setups were measured (5,040 sliding, 40,320 chess).
 */
setups: number, };

/**
 * A result in parts a client puts into words: the reasons' names in snake case
 * (`checkmate`, `timeout`, `insufficient_material`, ..., and `aborted` for a timed game
 * whose side to move made no first move in time: no winner, not rated).
 */
export type End = { 
/**
 * The winner (`white`, `black`), none for a draw.
 */
winner: string | null, 
/**
 * Why it ended.
 */
reason: string, 
/**
 * What the tie-break settled, if it did.
 */
tie_break: string | null, 
/**
 * The side whose time ran out, if that ended the game.
 */
flag?: string | null, };

/**
 * The engine's answer.
 */
export type EngineView = { best: string, best_san: string, score: ScoreView, depth: number, nodes: number, pv_san: Array<string>, };

/**
 * An error as an HTTP body tells it (docs/web.md, "Errors").
 */
export type ErrorBody = { 
/**
 * What went wrong and where, in English.
 */
error: string, 
/**
 * The kind ([`ApiError::code`]): `bad_input`, `not_found`, `rate_limited`...
 */
code: string, 
/**
 * The cause ([`ApiError::cause`]): `seats_full`, `no_game`... (one of `Cause`'s codes;
 * axum's own refusals of a path or method get theirs in `http/json_errors.rs`).
 */
cause: Cause, 
/**
 * Seconds to wait before trying again, for the kinds that say so.
 */
retry_after_s: number | null, };

/**
 * An evaluation from White's side: `{"cp": 35}` or `{"mate": -3}` (`mate` 0: the game
 * ended in a mate; `cp` 0 with an `end`: a draw).
 */
export type Eval = { 
/**
 * For White, in hundredths of a pawn.
 */
cp: number, } | { 
/**
 * Moves to the mate.
 */
mate: number, };

/**
 * An exercise made (`POST /api/learn/exercise`).
 */
export type Exercise = { 
/**
 * The variant asked for.
 */
variant: string, 
/**
 * The seed asked for (the same seed makes the same exercise).
 */
seed: number, } & ({ "kind": "capture-all", 
/**
 * The position (the pawns do not move).
 */
fen: string, 
/**
 * The piece's square.
 */
from: string, 
/**
 * The piece, as a FEN letter (white).
 */
piece: string, 
/**
 * The pawns' squares.
 */
pawns: Array<string>, 
/**
 * The fewest moves that capture them all.
 */
minimum: number, 
/**
 * One way in that many, as UCI.
 */
solution: Array<string>, 
/**
 * The same in SAN.
 */
solution_san: Array<string>, } | { "kind": "king-squares", 
/**
 * The position.
 */
fen: string, 
/**
 * The king's square.
 */
king: string, 
/**
 * The squares next to it.
 */
neighbours: Array<string>, 
/**
 * Those it may not step on.
 */
forbidden: Array<string>, });

/**
 * The kinds of exercise.
 */
export type ExerciseKind = "capture-all" | "king-squares";

/**
 * The request.
 */
export type ExerciseQuery = { variant: string, kind: ExerciseKind, seed: number, };

/**
 * The explorer's answer.
 */
export type ExplorerAnswer = { 
/**
 * The position (FEN).
 */
fen: string, 
/**
 * The games through it, and how they ended.
 */
games: number, 
/**
 * Won by White.
 */
white: number, 
/**
 * Drawn.
 */
draws: number, 
/**
 * Won by Black.
 */
black: number, 
/**
 * The position's exact value, where known.
 */
value?: VerdictParts, 
/**
 * The moves played from it, most played first.
 */
moves: Array<ExplorerMove>, 
/**
 * The latest games through it, newest first.
 */
recent: Array<RecentShown>, };

/**
 * A move played from the position.
 */
export type ExplorerMove = { 
/**
 * UCI.
 */
uci: string, 
/**
 * SAN.
 */
san: string, 
/**
 * Games that played it.
 */
games: number, 
/**
 * Won by White.
 */
white: number, 
/**
 * Drawn.
 */
draws: number, 
/**
 * Won by Black.
 */
black: number, 
/**
 * The mean rating of the games with both ratings (a player's view: the opponents'),
 * if any had.
 */
rating: number | null, 
/**
 * The exact value of the position after it, where known.
 */
value?: VerdictParts, 
/**
 * The engine's evaluation of the position after it, for the side that played it, when
 * asked for (`engine_ms`).
 */
engine?: ScoreView, };

/**
 * Why a proof failed.
 */
export type FailReason = "gave_up" | "bid_used_up" | "stopped" | "zero_not_met";

/**
 * What the end of a try shows: the solution, the themes and the ratings.
 */
export type Finished = { 
/**
 * The whole solution.
 */
solution: Array<string>, 
/**
 * The puzzle's themes.
 */
themes: Array<string>, 
/**
 * The player's rating before the try.
 */
before: PuzzleRating, 
/**
 * After it (the same when the try did not count: a puzzle tried before).
 */
after: PuzzleRating, 
/**
 * Whether the try moved the ratings.
 */
rated: boolean, 
/**
 * Why it did not (an account's try).
 */
unrated: Unrated | null, 
/**
 * The puzzle's rating after the try.
 */
puzzle_rating: number, };

/**
 * A finished game in the list of the latest.
 */
export type FinishedGame = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its kind.
 */
kind: Kind, 
/**
 * When it ended (ms since 1970).
 */
finished: number, 
/**
 * Its QuickChess variant, if it is one.
 */
variant: string | null, 
/**
 * Its players.
 */
players: Array<SeatInfo>, };

/**
 * Why the caller may not do this (403).
 */
export type ForbiddenCause = "forbidden" | "spectator" | "no_seat" | "not_host" | "not_yours" | "blocked" | "guest_rated" | "bot_rated" | "same_address" | "foreign_origin" | "moderators_only" | "server_only" | "berserk" | "class_account" | "teachers_only" | "class_members_only" | "class_unrated" | "student_chat_off";

/**
 * A forced win.
 */
export type ForcedWin = { 
/**
 * The side that forces it.
 */
winner: QuerniSide, 
/**
 * In how many of its own turns (the one it plays now included when it is to move).
 */
turns: number, };

/**
 * A followed player.
 */
export type Friend = { 
/**
 * Their name.
 */
name: string, 
/**
 * Seen signed in within five minutes, or playing.
 */
online: boolean, 
/**
 * The games they are playing now.
 */
playing: Array<GameRef>, };

/**
 * The signed-in player's friends and blocked players.
 */
export type Friends = { 
/**
 * Whom they follow, by name.
 */
following: Array<Friend>, 
/**
 * Whom they block, by name.
 */
blocked: Array<string>, };

/**
 * A game closed by a moderator.
 */
export type GameClosed = { 
/**
 * Its id.
 */
closed: string, };

/**
 * The options a game was created with, whatever its kind: each kind takes some of them
 * (checked when the game is created, naming any it does not know: `games::kind`), and the
 * game keeps them as they were given, for its rematch, its table's "same again" and its
 * rating pool.
 */
export type GameOptions = { 
/**
 * Check Mates: the side of the tokens and cards.
 */
side?: CheckmatesSide, 
/**
 * Check Mates: which cards.
 */
deck?: DeckChoice, 
/**
 * Check Mates party: the count after an announcement.
 */
count_ms?: number, 
/**
 * Check Mates party: the time a card waits for an announcement.
 */
round_limit_ms?: number, 
/**
 * The Royal Study: 1, 2 or 3.
 */
level?: number, 
/**
 * The Royal Study: the bonus challenge.
 */
bonus?: boolean, 
/**
 * A Royal Study match: the hourglass.
 */
hourglass_ms?: number, 
/**
 * A Royal Study match: the limit on an execution, if any.
 */
execution_limit_ms?: number, 
/**
 * A Royal Study match: how long a round waits for an announcement before its card is set
 * aside (120 s when not given).
 */
announce_limit_ms?: number, 
/**
 * A duel: the creator's side.
 */
color?: ColorChoice, 
/**
 * A duel: the clock.
 */
clock?: ClockOption, 
/**
 * A duel of an arena tournament: each player may berserk (halve their own time before
 * their first move, for no increment) for a bonus point when they win.
 */
berserk?: boolean, 
/**
 * QuickChess: the variant (or `olympics`).
 */
variant?: string, 
/**
 * QuickChess: a start position.
 */
fen?: string, };

/**
 * A game being played, to watch.
 */
export type GameRef = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its kind (`quickchess`, ...).
 */
kind: string, };

/**
 * A game's review, as stored and sent: `{"game": "chess", "moves", ...}` or `{"game":
 * "querni", "turns", ...}`.
 */
export type GameReview = { "game": "chess" } & ReviewReport | { "game": "querni" } & QuerniReview;

/**
 * A game as the caller sees it (`GET /api/games/{id}`).
 */
export type GameState = { 
/**
 * The room's version.
 */
v: number, 
/**
 * The caller's seat, if they hold one.
 */
seat: number | null, 
/**
 * What the caller sees: the game's view (the page knows which game's).
 */
view: Shown, };

/**
 * A page of a player's games (`GET /api/players/{name}/games`).
 */
export type GamesPage = { 
/**
 * The games, newest first.
 */
games: Array<ListedGame>, 
/**
 * The `after` of the next page, when there may be one.
 */
next?: string, };

/**
 * What a lesson game must reach.
 */
export type Goal = "draw" | "win";

/**
 * A Blind placement's event without what or where.
 */
export type HiddenEvent = { "t": "placed", 
/**
 * By whom.
 */
player: Color, } | { "t": "unplaced", 
/**
 * By whom.
 */
player: Color, };

/**
 * An account's events hidden.
 */
export type HiddenEvents = { 
/**
 * The account.
 */
name: string, 
/**
 * Tournaments changed (called off or taken out of the lists).
 */
changed: number, };

/**
 * A Blind QuickChess placement as everyone may know of it before the reveal: who placed.
 */
export type HiddenPlacement = { "t": "place", 
/**
 * By whom.
 */
player: Color, } | { "t": "unplace", 
/**
 * By whom.
 */
player: Color, };

/**
 * Why an account's events are hidden.
 */
export type HideBody = { 
/**
 * Why (in the audit log).
 */
reason: string, };

/**
 * The computer's suggestion.
 */
export type HintView = { 
/**
 * The turn, as the position's notation writes it.
 */
turn: string, 
/**
 * The level that found it.
 */
level: number, };

/**
 * What failed in the server (500; logged, not told).
 */
export type InternalCause = "internal" | "store" | "stored" | "encoding" | "hashing" | "task" | "protocol" | "shipped";

export type JoinBody = { name?: string, };

/**
 * A class's code typed by a student.
 */
export type JoinClass = { 
/**
 * The code (any case; spaces and dashes are ignored).
 */
code: string, };

/**
 * The kinds of game the server hosts.
 */
export type Kind = "checkmates-party" | "checkmates-solo" | "royal-match" | "royal-solo" | "querni" | "querni-local" | "quickchess" | "quickchess-local";

/**
 * One game kind's tally on a profile.
 */
export type KindStats = { 
/**
 * The kind (`quickchess`, ...).
 */
kind: string, 
/**
 * Games finished.
 */
played: number, 
/**
 * Won (in a party, a first place, even shared).
 */
won: number, 
/**
 * Drawn.
 */
drawn: number, 
/**
 * Lost.
 */
lost: number, };

/**
 * The last move judged: the mover's value before it and after it.
 */
export type LastMoveView = { 
/**
 * `white` or `black`.
 */
mover: string, 
/**
 * The mover's value before the move (`win`, `draw`, `loss`).
 */
before: string, 
/**
 * The mover's value after it: lower than `before` when the move threw something away.
 */
after: string, };

/**
 * A legal layout: each piece once, the bishop on a dark square, the knight off `b2`.
 */
export type Layout = string;

/**
 * One pool's leaderboard (`GET /api/leaderboard/{pool}`).
 */
export type Leaderboard = { 
/**
 * The pool.
 */
pool: string, 
/**
 * Its best 50.
 */
players: Array<Ranked>, };

/**
 * A legal move as the browser takes it; a lesson game's pass has no squares.
 */
export type LegalMove = { 
/**
 * From (none for a pass).
 */
from: string | null, 
/**
 * To (none for a pass).
 */
to: string | null, 
/**
 * In UCI.
 */
uci: string, 
/**
 * In SAN.
 */
san: string, 
/**
 * The piece a pawn becomes (a FEN letter).
 */
promotion: string | null, 
/**
 * Whether it is a pass.
 */
pass: boolean, };

/**
 * A sanction lifted.
 */
export type Lifted = { 
/**
 * Its id.
 */
lifted: number, };

/**
 * A game of the list.
 */
export type ListedGame = { 
/**
 * The game's id (its page is `/game/{id}`).
 */
id: string, 
/**
 * Its kind.
 */
kind: string, 
/**
 * Its variant (QuickChess and chess games settled since the list began).
 */
variant: string | null, 
/**
 * Its rating pool (`quickchess:blitz`, `querni:rapid`, `checkmates`, ...).
 */
pool: string, 
/**
 * Whether it was rated.
 */
rated: boolean, 
/**
 * The player's result (none in a game played alone).
 */
result: PlayerResult | null, 
/**
 * The player's place, from 1, of `players`.
 */
place: number, 
/**
 * How many played.
 */
players: number, 
/**
 * The player's colour, where known.
 */
color: PlayerColor | null, 
/**
 * The other players' names as shown at the table.
 */
opponents: Array<string>, 
/**
 * When it ended (ms since the Unix epoch).
 */
finished: number, 
/**
 * The last position (FEN), where known.
 */
final: string | null, 
/**
 * The player's accuracy, when the game was reviewed.
 */
accuracy: number | null, };

/**
 * A change of one viewer's lobby.
 */
export type LobbyDiff = { 
/**
 * Seeks to show.
 */
add: Array<SeekView>, 
/**
 * Seeks to take away, by id.
 */
remove: Array<string>, 
/**
 * Seeks beyond the view now.
 */
more_seeks: number, 
/**
 * The open tables, when they changed.
 */
tables?: Array<TableItem>, 
/**
 * The games being played, when they changed.
 */
playing?: Array<PlayingItem>, };

/**
 * A frame the lobby socket sends.
 */
export type LobbyFrame = { "t": "lobby", "d": LobbyView } | { "t": "lobby_diff", "d": LobbyDiff } | { "t": "paired", "d": Paired } | { "t": "ring" } | { "t": "restart", "d": { 
/**
 * When to reconnect.
 */
retry_ms: number, } };

/**
 * A change to a lobby.
 */
export type LobbyOp = { "op": "add_bot", 
/**
 * Its level.
 */
level: number, } | { "op": "remove", 
/**
 * The seat number.
 */
seat: number, } | { "op": "options", 
/**
 * The new options, as at creation (read by the game's kind).
 */
options: GameOptions, } | { "op": "start" };

/**
 * The whole lobby as one viewer sees it.
 */
export type LobbyView = { 
/**
 * The seeks shown to everyone, and the viewer's own.
 */
seeks: Array<SeekView>, 
/**
 * Seeks beyond the view.
 */
more_seeks: number, 
/**
 * Open Check Mates tables.
 */
tables: Array<TableItem>, 
/**
 * Games being played.
 */
playing: Array<PlayingItem>, };

export type LogoutBody = { everywhere?: boolean, };

/**
 * The pieces each side has lost.
 */
export type Lost = { 
/**
 * White's (FEN letters, most valuable first).
 */
white: string, 
/**
 * Black's.
 */
black: string, };

/**
 * An account made: its password is shown this once (print the log-in cards now).
 */
export type MadeStudent = { 
/**
 * The name.
 */
username: string, 
/**
 * The password.
 */
password: string, };

/**
 * How a move lost winning chances (`"inaccuracy"`, `"mistake"`, `"blunder"` in JSON).
 */
export type Mark = "inaccuracy" | "mistake" | "blunder";

/**
 * How many moves of a side got each mark.
 */
export type MarkCounts = { 
/**
 * `?!`.
 */
inaccuracy: number, 
/**
 * `?`.
 */
mistake: number, 
/**
 * `??`.
 */
blunder: number, };

/**
 * Something a player does, or time passing. Players are 0 and 1.
 */
export type MatchAction = { "t": "announce", 
/**
 * Who.
 */
player: number, 
/**
 * The number (moves plus card actions).
 */
bid: number, } | { "t": "challenge", 
/**
 * Who.
 */
player: number, } | { "t": "accept", 
/**
 * Who.
 */
player: number, } | { "t": "move", 
/**
 * Who.
 */
player: number, 
/**
 * The move.
 */
mv: Move, } | { "t": "card", 
/**
 * Who.
 */
player: number, 
/**
 * Which card.
 */
card: number | null, 
/**
 * The action.
 */
action: CardAction, } | { "t": "give_up", 
/**
 * Who.
 */
player: number, } | { "t": "tick" };

/**
 * What happened.
 */
export type MatchEvent = { "t": "cards_drawn", 
/**
 * Round number from 1.
 */
round: number, 
/**
 * The card(s).
 */
cards: Array<Layout>, } | { "t": "cards_set_aside", 
/**
 * The round.
 */
round: number, } | { "t": "announced", 
/**
 * Who.
 */
player: number, 
/**
 * The number.
 */
bid: number, 
/**
 * When the hourglass runs out.
 */
ends: number, } | { "t": "challenged", 
/**
 * The challenger.
 */
player: number, } | { "t": "execution_started", 
/**
 * Who executes.
 */
executor: number, 
/**
 * Announcer or challenger.
 */
role: Role, 
/**
 * The largest count that still succeeds.
 */
at_most: number | null, } | { "t": "stepped", 
/**
 * The executor.
 */
player: number, 
/**
 * The step.
 */
step: string, 
/**
 * Count so far.
 */
count: number, 
/**
 * The pieces now.
 */
layout: Layout, 
/**
 * The card(s) as currently turned or mirrored.
 */
cards: Array<Layout>, } | { "t": "card_completed", 
/**
 * Which (1 or 2).
 */
card: number, 
/**
 * At which count.
 */
count: number, } | { "t": "point_scored", 
/**
 * Who scores.
 */
player: number, 
/**
 * Why.
 */
reason: PointReason, 
/**
 * The scores after it.
 */
scores: [number, number], } | { "t": "match_over", 
/**
 * The winner (`None`: the deck ran out with the scores level).
 */
winner: number | null, 
/**
 * Final scores.
 */
scores: [number, number], };

/**
 * What a player of a match may ask for.
 */
export type MatchIntent = { "t": "announce", 
/**
 * The number (moves plus card actions).
 */
bid: number, } | { "t": "challenge" } | { "t": "accept" } | { "t": "move", 
/**
 * The move.
 */
mv: Move, } | { "t": "card", 
/**
 * Which card (1 or 2 with two cards).
 */
card: number | null, 
/**
 * The action.
 */
action: CardAction, } | { "t": "give_up" };

/**
 * What a player of a match sees.
 */
export type MatchView = { 
/**
 * `royal-match`.
 */
kind: string, 
/**
 * 1, 2 or 3.
 */
level: number, 
/**
 * The bonus challenge.
 */
bonus: boolean, 
/**
 * The points of each player.
 */
scores: [number, number], 
/**
 * The board.
 */
layout: Layout, 
/**
 * The card(s) of the round.
 */
cards: Array<Layout>, 
/**
 * The round.
 */
round: number, 
/**
 * Cards still to draw.
 */
cards_left: number, 
/**
 * Where it stands.
 */
phase: PhaseView, 
/**
 * The players.
 */
players: Array<SeatInfo>, 
/**
 * The last round scored.
 */
last: RoundScored | null, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * The server's time.
 */
now: number, 
/**
 * Whether the match is over.
 */
over: boolean, 
/**
 * The points to win.
 */
target: number, 
/**
 * The executor's legal moves.
 */
legal: Array<string>, };

/**
 * The material: lost pieces and the balance.
 */
export type Material = { 
/**
 * The pieces each side has lost since the start.
 */
lost: Lost, 
/**
 * White's points on the board minus Black's.
 */
balance: number, };

/**
 * The signed-in account (`GET /api/me`).
 */
export type Me = { 
/**
 * Its name.
 */
name: string, 
/**
 * When it was made (ms since 1970).
 */
created: number, 
/**
 * Its ratings.
 */
ratings: Array<PoolRating>, 
/**
 * A moderator of the site.
 */
admin: boolean, };

/**
 * A member as the class page shows them.
 */
export type MemberView = { 
/**
 * Their name.
 */
username: string, 
/**
 * Whether a teacher made the account.
 */
made: boolean, 
/**
 * `active`, `left`, `removed` or `archived` (teachers see all; students the active).
 */
standing: string, };

/**
 * A chat line deleted.
 */
export type MessageDeleted = { 
/**
 * Its id.
 */
deleted: number, };

/**
 * A move of the token on `from` to `to` (dense 3x3 indices, `a1` = 0, `c3` = 8).
 */
export type Move = string;

/**
 * A move of the game as the browser lists it.
 */
export type MoveView = { 
/**
 * In UCI.
 */
uci: string, 
/**
 * In SAN.
 */
san: string, 
/**
 * The position after it.
 */
fen: string, };

/**
 * A movement with its jump path and the removals it makes possible.
 */
export type MovementView = { 
/**
 * From.
 */
from: string, 
/**
 * To.
 */
to: string, 
/**
 * The squares on the way.
 */
path: Array<string>, 
/**
 * Its notation.
 */
text: string, 
/**
 * The removals after it.
 */
removals: Array<[number, number, boolean]>, };

/**
 * An assignment as its student sees it.
 */
export type MyAssignment = { 
/**
 * The class's id.
 */
class: string, 
/**
 * The class's name.
 */
class_name: string, 
/**
 * A tally per task.
 */
progress: Array<Tally>, 
/**
 * Whether every task is met.
 */
done: boolean, 
/**
 * Its id.
 */
id: string, 
/**
 * Its title.
 */
title: string, 
/**
 * When it is due (ms since the Unix epoch).
 */
due: number | null, 
/**
 * When it was given: play from then on counts.
 */
created: number, 
/**
 * Its tasks.
 */
tasks: Array<ClassTask>, 
/**
 * The students it is for, by name (`null`: the whole class).
 */
students: Array<string> | null, };

/**
 * `GET /api/me/assignments`: the signed-in student's assignments, open ones first.
 */
export type MyAssignments = { 
/**
 * The assignments, those not done first, then by due date.
 */
assignments: Array<MyAssignment>, };

export type NameBody = { name?: string, };

/**
 * An assignment to give.
 */
export type NewAssignment = { 
/**
 * Its title.
 */
title: string, 
/**
 * When it is due (ms since the Unix epoch).
 */
due?: number, 
/**
 * Its tasks (1 to 20).
 */
tasks: Array<ClassTask>, 
/**
 * The students it is for, by name (none: the whole class).
 */
students?: Array<string> | null, };

/**
 * A new class.
 */
export type NewClass = { 
/**
 * Its name.
 */
name: string, 
/**
 * What it is.
 */
description?: string | null, };

/**
 * An account to make for a student.
 */
export type NewStudent = { 
/**
 * Its name (the rules of every account's name).
 */
username: string, };

/**
 * An existing account to make a teacher of the class.
 */
export type NewTeacher = { 
/**
 * Its name.
 */
username: string, };

/**
 * A puzzle to try, and the player's rating it was chosen for.
 */
export type NextAnswer = { 
/**
 * The puzzle.
 */
puzzle: PuzzleShown, 
/**
 * The player's puzzle rating now.
 */
rating: PuzzleRating, 
/**
 * How many puzzles of the game the account has tried and solved (guests: none).
 */
tried: [number, number] | null, };

/**
 * What does not exist (404).
 */
export type NotFoundCause = "not_found" | "no_endpoint" | "no_game" | "no_player" | "no_tournament" | "no_challenge" | "no_seek" | "no_puzzle" | "no_daily" | "no_review" | "no_message" | "no_report" | "no_sanction" | "dead_link" | "no_class" | "no_assignment";

/**
 * A report's or a game's closing words.
 */
export type OutcomeBody = { 
/**
 * What came of it.
 */
outcome: string, };

/**
 * What the moderation page shows at once.
 */
export type Overview = { 
/**
 * Who is looking.
 */
you: string, 
/**
 * The open reports, newest first.
 */
reports: Array<Report>, 
/**
 * The latest sanctions, newest first.
 */
sanctions: Array<Sanction>, 
/**
 * The latest lines of the audit log, newest first.
 */
audit: Array<AuditEntry>, };

/**
 * A seat in a game just paired.
 */
export type Paired = { 
/**
 * The game.
 */
game: string, 
/**
 * The seat.
 */
seat: number, 
/**
 * Its token.
 */
token: string, };

/**
 * Something a player does, or time passing.
 */
export type PartyAction = { "t": "announce", 
/**
 * Who.
 */
player: number, 
/**
 * How many moves.
 */
bid: number, } | { "t": "move", 
/**
 * Who (must be the prover).
 */
player: number, 
/**
 * The move.
 */
mv: Move, } | { "t": "stop", 
/**
 * Who (must be the prover).
 */
player: number, } | { "t": "give_up", 
/**
 * Who (must be the prover).
 */
player: number, } | { "t": "tick" };

/**
 * What happened.
 */
export type PartyEvent = { "t": "card_revealed", 
/**
 * Round number, from 1.
 */
round: number, 
/**
 * The card.
 */
card: PlayCard, 
/**
 * Cards still in the deck after it.
 */
cards_left: number, } | { "t": "announced", 
/**
 * Who.
 */
player: number, 
/**
 * How many moves.
 */
bid: number, 
/**
 * When the count ends.
 */
count_ends: number, } | { "t": "prover_chosen", 
/**
 * The prover.
 */
player: number, 
/**
 * The announcement.
 */
bid: number, } | { "t": "moved", 
/**
 * The prover.
 */
player: number, 
/**
 * The move.
 */
mv: Move, 
/**
 * Moves made so far.
 */
made: number, 
/**
 * The board after it.
 */
board: Board, } | { "t": "proof_succeeded", 
/**
 * The prover.
 */
player: number, 
/**
 * Moves used.
 */
moves: number, 
/**
 * The announcement.
 */
bid: number, 
/**
 * Stars won.
 */
stars: number, 
/**
 * Clockwise rotation of the task that the board meets.
 */
rotation: number, } | { "t": "proof_failed", 
/**
 * The prover.
 */
player: number, 
/**
 * Moves used.
 */
moves: number, 
/**
 * The announcement.
 */
bid: number, 
/**
 * Why.
 */
reason: FailReason, } | { "t": "card_set_aside", 
/**
 * The round.
 */
round: number, } | { "t": "game_over", 
/**
 * Standings.
 */
standings: Array<Standing>, };

/**
 * What a player of a party may ask for.
 */
export type PartyIntent = { "t": "announce", 
/**
 * How many.
 */
bid: number, } | { "t": "move", 
/**
 * The move.
 */
mv: Move, } | { "t": "stop" } | { "t": "give_up" };

/**
 * What a player of a party sees.
 */
export type PartyView = { 
/**
 * `checkmates-party`.
 */
kind: string, 
/**
 * The side of the tokens and cards.
 */
side: CheckmatesSide, 
/**
 * The board.
 */
board: Board, 
/**
 * Where the round stands.
 */
phase: Phase, 
/**
 * The round.
 */
round: number, 
/**
 * Cards still to draw.
 */
cards_left: number, 
/**
 * Cards set aside unscored.
 */
set_aside: number, 
/**
 * The players.
 */
players: Array<PlayerView>, 
/**
 * The final standings.
 */
standings: Array<Standing> | null, 
/**
 * The last round settled.
 */
last: RoundSettled | null, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * The server's time.
 */
now: number, 
/**
 * Whether the party is over.
 */
over: boolean, 
/**
 * The count after an announcement.
 */
count_ms: number, 
/**
 * The time a card waits for an announcement.
 */
round_limit_ms: number, 
/**
 * The prover's legal moves.
 */
legal: Array<string>, };

export type PasswordChange = { old: string, new: string, };

/**
 * A password changed (every other session ended).
 */
export type PasswordChanged = { 
/**
 * Always true.
 */
changed: boolean, };

/**
 * Where the round stands.
 */
export type Phase = { "phase": "bidding", 
/**
 * The card.
 */
card: PlayCard, 
/**
 * When it was revealed.
 */
revealed_at: number, 
/**
 * Announcements so far, each lower than the one before.
 */
bids: Array<Bid>, 
/**
 * When the running count ends, if one runs.
 */
count_ends: number | null, } | { "phase": "proving", 
/**
 * The card.
 */
card: PlayCard, 
/**
 * Who proves.
 */
prover: number, 
/**
 * The announcement being proved.
 */
bid: number, 
/**
 * The board when the proof began.
 */
start: Board, 
/**
 * Moves made so far.
 */
moves: Array<Move>, 
/**
 * When the proof began.
 */
since: number, } | { "phase": "over" };

/**
 * Where a match stands, as clients draw it.
 */
export type PhaseView = { "phase": "announcing", 
/**
 * Since when.
 */
since: number, 
/**
 * When the card is set aside if nobody announces.
 */
set_aside_at: number | null, } | { "phase": "hourglass", 
/**
 * Who announced.
 */
announcer: number, 
/**
 * The number announced.
 */
bid: number, 
/**
 * When it runs out.
 */
ends: number, } | { "phase": "executing", 
/**
 * Who announced.
 */
announcer: number, 
/**
 * The number announced.
 */
bid: number, 
/**
 * Who executes.
 */
executor: number, 
/**
 * The announcer or the challenger.
 */
role: Role, 
/**
 * Moves made.
 */
count: number, 
/**
 * Those moves.
 */
steps: Array<string>, 
/**
 * The card(s) as turned and mirrored now.
 */
oriented: Array<Layout>, 
/**
 * Each card's completion.
 */
completed: Array<number | null>, 
/**
 * Since when.
 */
since: number, 
/**
 * The limit, if any.
 */
deadline: number | null, } | { "phase": "over", 
/**
 * The winner (none: a draw).
 */
winner: number | null, };

/**
 * A piece on a square.
 */
export type PieceOn = { 
/**
 * The square (`a1`).
 */
square: string, 
/**
 * The piece (a FEN letter).
 */
piece: string, };

/**
 * A placement of Blind QuickChess the viewer may see (its own).
 */
export type Placed = { 
/**
 * The square.
 */
square: string, 
/**
 * The piece (a FEN letter).
 */
role: string, };

/**
 * A card in play.
 */
export type PlayCard = { 
/**
 * Its place in the shuffled deck, from 1.
 */
number: number, 
/**
 * The task.
 */
task: Task, 
/**
 * Its stars.
 */
stars: number, };

/**
 * A game being played (or over), as one seat or a spectator sees it: the game's view `V`
 * with the room's fields beside its own (docs/web.md, "Views").
 */
export type PlayView<V> = { 
/**
 * The game's id.
 */
id: string, 
/**
 * Where it stands.
 */
status: Status, 
/**
 * Who sits where.
 */
seats: Array<SeatInfo>, 
/**
 * Whether it is rated.
 */
rated: boolean, 
/**
 * A rated game that ended before both sides played: nobody's rating moved.
 */
too_short_to_rate?: boolean, 
/**
 * The rating changes, once a rated game is recorded.
 */
ratings?: Array<RatingShown>, 
/**
 * The room's part.
 */
table: TableView, } & V;

/**
 * A game an account played, for its profile (shown there as it is).
 */
export type PlayedGame = { 
/**
 * The game.
 */
game: string, 
/**
 * Its kind (`quickchess`, ...).
 */
kind: string, 
/**
 * Its pool.
 */
pool: string, 
/**
 * Whether it was rated.
 */
rated: boolean, 
/**
 * The account's score in it.
 */
score: number, 
/**
 * Its place.
 */
place: number, 
/**
 * How many played.
 */
players: number, 
/**
 * When it ended.
 */
finished: number, };

/**
 * A colour.
 */
export type PlayerColor = "white" | "black";

/**
 * A result from the player's side.
 */
export type PlayerResult = "win" | "draw" | "loss";

/**
 * A player as the party shows them.
 */
export type PlayerView = { 
/**
 * The seat.
 */
seat: number, 
/**
 * The name.
 */
name: string, 
/**
 * A bot's level.
 */
bot: number | null, 
/**
 * Stars minus penalties.
 */
score: number, 
/**
 * Stars won.
 */
stars: number, 
/**
 * Cards won.
 */
face_up: Array<PlayCard>, 
/**
 * Penalty cards.
 */
penalties: Array<PlayCard>, };

/**
 * A game being played.
 */
export type PlayingItem = { 
/**
 * The game.
 */
id: string, 
/**
 * What game.
 */
kind: Kind, 
/**
 * Its options.
 */
options: GameOptions, 
/**
 * Rated or casual.
 */
rated: boolean, 
/**
 * The players' names, by seat.
 */
players: Array<string>, 
/**
 * Whether each is signed in, by seat.
 */
registered: Array<boolean>, 
/**
 * The computer's level at each seat it plays (the page names it in its own language).
 */
bots: Array<number | null>, };

/**
 * Why a point was scored.
 */
export type PointReason = "completed" | "too_many_moves" | "gave_up" | "out_of_time";

/**
 * A rating in one pool, as shown (rounded).
 */
export type PoolRating = { 
/**
 * The pool (`quickchess:blitz`, `puzzles:quickchess`, ...).
 */
pool: string, 
/**
 * The rating.
 */
rating: number, 
/**
 * Its deviation.
 */
deviation: number, 
/**
 * Too few games to trust it yet.
 */
provisional: boolean, 
/**
 * Games (or puzzle tries) rated in it.
 */
games: number, };

/**
 * A rating pool with a leaderboard.
 */
export type PoolSize = { 
/**
 * The pool.
 */
pool: string, 
/**
 * How many players are ranked in it.
 */
players: number, };

/**
 * The pools with a leaderboard, the busiest first (`GET /api/leaderboard`).
 */
export type Pools = { 
/**
 * The pools.
 */
pools: Array<PoolSize>, };

/**
 * The request.
 */
export type PositionQuery = { 
/**
 * The variant (with `pgn`, the game's own `Variant` tag decides; a `variant` given too
 * must agree with it).
 */
variant?: string | null, 
/**
 * A game in PGN (its first game): its start and moves instead of `fen` and `moves`.
 */
pgn?: string | null, fen?: string | null, moves?: Array<string>, 
/**
 * Search for this long (milliseconds, at most 3,000); no search without it.
 */
analyse_ms?: number | null, 
/**
 * Ask the lesson-game coach too: what perfect play gives, what the last move did, the
 * moves that keep the value ([`crate::coach::view`]).
 */
coach?: boolean, };

/**
 * A position as the analysis board shows it.
 */
export type PositionView = { variant: string, fen: string, width: number, height: number, board: Array<PieceOn>, turn: string, check: boolean, outcome: string | null, legal: Array<LegalMove>, 
/**
 * The start the moves were played from.
 */
start_fen: string, 
/**
 * The moves played, in UCI (with `pgn`: the game's).
 */
moves_uci: Array<string>, moves_san: Array<string>, 
/**
 * What is known exactly (`null` when nothing is).
 */
solved: SolvedView | null, 
/**
 * The engine's search, when one was asked for and found a move.
 */
analysis?: EngineView, 
/**
 * The coach's answer, when it was asked for.
 */
coach?: CoachView, };

/**
 * A player's profile (`GET /api/users/{name}`).
 */
export type Profile = { 
/**
 * Their name.
 */
name: string, 
/**
 * When the account was made.
 */
created: number, 
/**
 * Their ratings.
 */
ratings: Array<PoolRating>, 
/**
 * Per game kind: played, won, drawn, lost (of the last 200 games).
 */
stats: Array<KindStats>, 
/**
 * The 50 latest games.
 */
games: Array<PlayedGame>, 
/**
 * Every rating change.
 */
history: Array<RatingStep>, };

/**
 * A QuickChess action as spectators may see it.
 */
export type PublicChess = HiddenPlacement | ChessAction;

/**
 * The games with puzzles.
 */
export type PuzzleGame = "quickchess" | "querni";

/**
 * A rating as the browser keeps and shows it.
 */
export type PuzzleRating = { 
/**
 * The rating.
 */
rating: number, 
/**
 * Its deviation.
 */
deviation: number, 
/**
 * Its volatility.
 */
volatility: number, };

/**
 * What the browser is shown of a puzzle before it is solved.
 */
export type PuzzleShown = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its game.
 */
game: PuzzleGame, 
/**
 * The position (FEN, or Tabula's Querni notation).
 */
position: string, 
/**
 * The move that led to it, to show (UCI or a Querni turn).
 */
last: string | null, 
/**
 * How many moves the solver makes.
 */
solver_moves: number, 
/**
 * Its rating, rounded.
 */
rating: number, 
/**
 * How many signed-in players have tried it.
 */
plays: number, };

/**
 * Something a player does.
 */
export type QuerniAction = { "type": "turn", 
/**
 * Who plays it.
 */
side: QuerniSide, 
/**
 * The turn.
 */
turn: string, } | { "type": "resign", 
/**
 * Who resigns.
 */
side: QuerniSide, } | { "type": "offer_takeback", 
/**
 * Who asks.
 */
side: QuerniSide, } | { "type": "accept_takeback", 
/**
 * Who grants it.
 */
side: QuerniSide, } | { "type": "decline_takeback", 
/**
 * Who refuses.
 */
side: QuerniSide, } | { "type": "berserk", 
/**
 * Who.
 */
side: QuerniSide, } | { "type": "tick" };

/**
 * The clocks of a timed game.
 */
export type QuerniClock = { 
/**
 * Blue's time left.
 */
blue_ms: number, 
/**
 * Red's.
 */
red_ms: number, 
/**
 * Whose clock runs: none until the side to move has played its first turn (first turns
 * are free) or after the end.
 */
running: QuerniSide | null, 
/**
 * The time each side started with.
 */
initial_ms: number | null, 
/**
 * Added after each turn.
 */
increment_ms: number | null, };

/**
 * The request.
 */
export type QuerniCoachQuery = { 
/**
 * The position (RULES.md notation).
 */
position: string, 
/**
 * The position before the last turn, to judge that turn.
 */
before?: string | null, 
/**
 * Think at most this long (milliseconds, up to 1,000: the default).
 */
ms?: number | null, };

/**
 * What the coach says about a position.
 */
export type QuerniCoachView = { 
/**
 * The forced win, where one is proved.
 */
win: ForcedWin | null, 
/**
 * Without a win: the own turns searched for each side.
 */
within: number, 
/**
 * Without a win: whether every line to that depth was searched (no side forces a win
 * within `within` turns), or the time ran out first.
 */
complete: boolean, 
/**
 * The last turn judged, where the position before it was given and held its mover's
 * forced win.
 */
last: QuerniLastTurn | null, 
/**
 * The turns of the side to move that keep its win (empty when it has none).
 */
keeping: Array<string>, };

/**
 * What happened.
 */
export type QuerniEvent = { "type": "played", 
/**
 * By whom.
 */
side: QuerniSide, 
/**
 * In notation, as the player wrote it (normalised spacing).
 */
turn: string, 
/**
 * Passed automatically because the side had nothing to do.
 */
automatic: boolean, } | { "type": "ended", 
/**
 * How.
 */
status: QuerniStatus, } | { "type": "takeback_offered", 
/**
 * By whom.
 */
side: QuerniSide, } | { "type": "takeback_declined", 
/**
 * By whom.
 */
side: QuerniSide, } | { "type": "berserked", 
/**
 * Who.
 */
side: QuerniSide, } | { "type": "taken_back", 
/**
 * Whose turn was taken back.
 */
side: QuerniSide, 
/**
 * How many turns of the history were undone (automatic passes included).
 */
turns: number, };

/**
 * The request of `POST /api/querni/hint`.
 */
export type QuerniHint = { position: string, level?: number | null, };

/**
 * What a Querni player may ask for.
 */
export type QuerniIntent = { "t": "turn", 
/**
 * The turn.
 */
turn: string, } | { "t": "resign" } | { "t": "berserk" } | { "t": "offer_takeback" } | { "t": "accept_takeback" } | { "t": "decline_takeback" };

/**
 * What the last turn did to the forced win its mover had.
 */
export type QuerniLastTurn = { 
/**
 * Who played it.
 */
mover: QuerniSide, 
/**
 * The mover's forced win before it.
 */
before: ForcedWin, 
/**
 * Whether the mover's win was kept (one turn nearer); `false` for a turn that lost it.
 */
kept: boolean, };

/**
 * The legal turns of the side to move.
 */
export type QuerniLegal = { 
/**
 * Every movement.
 */
movements: Array<MovementView>, 
/**
 * The removals available without moving.
 */
removals: Array<[number, number, boolean]>, };

/**
 * How many turns of a side got each mark.
 */
export type QuerniMarks = { 
/**
 * `?!`.
 */
inaccuracy: number, 
/**
 * `?`.
 */
mistake: number, 
/**
 * `??`.
 */
blunder: number, };

export type QuerniPositionBody = { position: string, };

/**
 * A whole Querni game reviewed.
 */
export type QuerniReview = { 
/**
 * Every turn, in order.
 */
turns: Array<ReviewedTurn>, 
/**
 * Each side's accuracy of the game, to a tenth.
 */
accuracy: BlueRed<number | null>, 
/**
 * Each side's marks.
 */
marks: BlueRed<QuerniMarks>, };

/**
 * A player.
 */
export type QuerniSide = "blue" | "red";

/**
 * Where a game stands.
 */
export type QuerniStatus = { "result": "ongoing" } | { "result": "won", 
/**
 * The winner.
 */
winner: QuerniSide, 
/**
 * How.
 */
reason: WinReason, } | { "result": "draw" } | { "result": "aborted", 
/**
 * The side that made no first move.
 */
side: QuerniSide, };

/**
 * What a Querni player (or spectator) sees.
 */
export type QuerniView = { 
/**
 * `querni`.
 */
kind: string, 
/**
 * The position (notation).
 */
position: string, 
/**
 * The start position.
 */
start: string, 
/**
 * Each of the 70 cells: a piece or nothing.
 */
cells: Array<CellPiece | null>, 
/**
 * Files of the board.
 */
files: number, 
/**
 * The side to move.
 */
turn: QuerniSide, 
/**
 * Turns without a removal.
 */
quiet: number, 
/**
 * The quiet turns that draw.
 */
draw_at: number, 
/**
 * Pieces left.
 */
left: BySide<number>, 
/**
 * Every turn.
 */
history: Array<TurnStep>, 
/**
 * The clocks of a timed game.
 */
clock: QuerniClock | null, 
/**
 * An arena tournament's game: the viewer may berserk now.
 */
may_berserk?: boolean, 
/**
 * Who berserked (Blue first).
 */
berserked: [boolean, boolean], 
/**
 * The server's time.
 */
now: number, 
/**
 * The side asking for a takeback.
 */
takeback: QuerniSide | null, 
/**
 * How it ended, or `ongoing`.
 */
end: QuerniStatus, 
/**
 * The result (`1-0`, `0-1`, `1/2-1/2`, `*`).
 */
result: string, 
/**
 * Whether it is over.
 */
over: boolean, 
/**
 * The seats of each side.
 */
sides: BySide<number>, 
/**
 * Both sides at one screen.
 */
one_screen: boolean, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * Whether the viewer moves now.
 */
your_turn: boolean, 
/**
 * The viewer's legal turns, when it moves.
 */
legal: QuerniLegal | null, };

/**
 * What a quick pairing came to: a game with an open seek's owner, or a seek of one's own.
 */
export type QuickMatch = { "paired": Paired } | { "seek": string };

/**
 * What the solo player may ask for.
 */
export type RSoloIntent = { "t": "move", 
/**
 * The move.
 */
mv: Move, } | { "t": "card", 
/**
 * Which card (1 or 2 with two cards).
 */
card: number | null, 
/**
 * The action.
 */
action: CardAction, } | { "t": "retry" } | { "t": "next" };

/**
 * What the solo player sees.
 */
export type RSoloView = { 
/**
 * `royal-solo`.
 */
kind: string, 
/**
 * 1, 2 or 3.
 */
level: number, 
/**
 * The board now.
 */
layout: Layout, 
/**
 * The card(s) being played, as drawn.
 */
cards: Array<Layout>, 
/**
 * The card(s) as turned and mirrored now.
 */
oriented: Array<Layout>, 
/**
 * Moves made on the current card(s).
 */
count: number, 
/**
 * Those moves.
 */
steps: Array<string>, 
/**
 * Whether the current card(s) are done.
 */
complete: boolean, 
/**
 * Each card's result so far.
 */
results: Array<CardResult>, 
/**
 * Cards still to draw.
 */
cards_left: number, 
/**
 * The fewest moves, once the card(s) are done.
 */
optimum: number | null, 
/**
 * Whether the run has ended.
 */
over: boolean, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * The server's time.
 */
now: number, 
/**
 * The legal moves (none once done).
 */
legal: Array<string>, };

/**
 * A ranked player.
 */
export type Ranked = { 
/**
 * Their place, from 1.
 */
rank: number, 
/**
 * Their name.
 */
name: string, 
/**
 * Their rating (rounded).
 */
rating: number, 
/**
 * Its deviation.
 */
deviation: number, 
/**
 * Too few games to trust it yet.
 */
provisional: boolean, 
/**
 * Games rated in the pool.
 */
games: number, };

/**
 * What was asked for too often (429).
 */
export type RateLimitedCause = "address_rate" | "address_seeks" | "address_sockets" | "rated_pair" | "reviews_waiting" | "exports_running";

/**
 * A band of puzzle ratings, both ends included.
 */
export type RatingBand = { 
/**
 * The lowest rating.
 */
min: number, 
/**
 * The highest.
 */
max: number, };

/**
 * A seat's rating change in a rated game.
 */
export type RatingShown = { 
/**
 * The seat.
 */
seat: number, 
/**
 * The rating pool.
 */
pool: string, 
/**
 * The rating before the game (rounded).
 */
before: number, 
/**
 * After it.
 */
after: number, 
/**
 * The change.
 */
change: number, 
/**
 * Whether the new rating is still provisional.
 */
provisional: boolean, };

/**
 * A rating change after a game.
 */
export type RatingStep = { 
/**
 * The pool.
 */
pool: string, 
/**
 * The game that changed it.
 */
game: string, 
/**
 * When (ms since 1970).
 */
at: number, 
/**
 * The rating after it.
 */
rating: number, 
/**
 * By how much it changed.
 */
change: number, };

/**
 * A JSON text, valid and kept as it is (to the browser's types: any JSON, `unknown`).
 */
export type RawJson = unknown;

/**
 * A recent game through the position.
 */
export type RecentShown = { 
/**
 * The game's id (its page is `/game/{id}`).
 */
id: string, 
/**
 * White's name.
 */
white: string, 
/**
 * Black's name.
 */
black: string, 
/**
 * White's and Black's ratings then, where known.
 */
white_rating: number | null, 
/**
 * Black's.
 */
black_rating: number | null, 
/**
 * `1-0`, `1/2-1/2` or `0-1`.
 */
result: string, 
/**
 * The move it played here (UCI) and in SAN.
 */
uci: string, 
/**
 * SAN.
 */
san: string, 
/**
 * When it ended (ms since the Unix epoch).
 */
finished: number, };

/**
 * Which rule refuses it (422).
 */
export type RefusedCause = "refused" | "illegal" | "yourself" | "not_theirs" | "takeback" | "closed_game" | "no_exercise" | "not_class_account" | "last_teacher";

/**
 * How the viewer stands to a player.
 */
export type Relation = { 
/**
 * The viewer follows them.
 */
following: boolean, 
/**
 * The viewer blocks them.
 */
blocked: boolean, };

/**
 * A tournament's new name.
 */
export type RenameBody = { 
/**
 * The name (the text policy's, as a creator's).
 */
name: string, 
/**
 * Why (in the audit log).
 */
reason: string, };

/**
 * A tournament renamed.
 */
export type Renamed = { 
/**
 * The tournament.
 */
id: string, 
/**
 * Its name now.
 */
name: string, 
/**
 * The name it had.
 */
was: string, };

/**
 * A whole replay (`GET /api/games/{id}/replay`): its steps are `Step`s of the game's types.
 */
export type Replay<S> = { id: string, kind: Kind, status: Status, seats: Array<SeatInfo>, frames: Array<S>, };

/**
 * A stored report, with both players' names.
 */
export type Report = { 
/**
 * Its number.
 */
id: number, 
/**
 * Who reported.
 */
reporter: string, 
/**
 * Whom (their account's number, to sanction it).
 */
subject_id: number, 
/**
 * Whom, by name.
 */
subject: string, 
/**
 * The game it is about.
 */
game: string | null, 
/**
 * The chat message it is about.
 */
message: number | null, 
/**
 * Why.
 */
reason: ReportReason, 
/**
 * In the reporter's words.
 */
detail: string, 
/**
 * When.
 */
at: number, 
/**
 * Who closed it.
 */
closed_by: string | null, 
/**
 * When.
 */
closed_at: number | null, 
/**
 * What came of it, in the moderator's words.
 */
outcome: string | null, 
/**
 * The reported chat message's words, as it was written (kept when it is deleted).
 */
words: string | null, };

/**
 * A report of a player.
 */
export type ReportBody = { 
/**
 * The player reported, by name.
 */
player: string, 
/**
 * Why.
 */
reason: ReportReason, 
/**
 * In the reporter's words (up to 1,000 characters).
 */
detail?: string, 
/**
 * The game it is about.
 */
game?: string | null, 
/**
 * The chat message it is about.
 */
message?: number | null, };

/**
 * A report closed.
 */
export type ReportClosed = { 
/**
 * Its id.
 */
closed: number, };

/**
 * Why a player reports another.
 */
export type ReportReason = "cheating" | "abuse" | "spam" | "sandbagging" | "other";

/**
 * A report filed.
 */
export type Reported = { 
/**
 * Its id.
 */
report: number, };

/**
 * The account a working reset link is for (checked, or its password set).
 */
export type ResetAccount = { 
/**
 * Its name.
 */
name: string, };

/**
 * A one-time link's token and the new password.
 */
export type ResetBody = { 
/**
 * The token after the link's `#`.
 */
token: string, 
/**
 * The new password.
 */
password: string, };

/**
 * A one-time link's token.
 */
export type ResetCheckBody = { 
/**
 * The token after the link's `#`.
 */
token: string, };

/**
 * A password reset link for an account, to hand over by hand.
 */
export type ResetLink = { 
/**
 * The link, on the site's public address.
 */
link: string, 
/**
 * How long it works.
 */
expires_in_hours: number, };

/**
 * Where a game's review stands, as the browser reads it.
 */
export type ReviewAnswer = { "status": "done", 
/**
 * The review.
 */
review: GameReview, } | { "status": "running" } | { "status": "waiting", 
/**
 * The place in the queue.
 */
place: number, };

/**
 * A whole game reviewed.
 */
export type ReviewReport = { 
/**
 * Every move, in order.
 */
moves: Array<ReviewedMove>, 
/**
 * Each side's accuracy of the game, to a tenth (none for a side without a move).
 */
accuracy: WhiteBlack<number | null>, 
/**
 * Each side's marks.
 */
marks: WhiteBlack<MarkCounts>, };

/**
 * One move of a reviewed game.
 */
export type ReviewedMove = { 
/**
 * The ply, from 1.
 */
ply: number, 
/**
 * The move in UCI.
 */
uci: string, 
/**
 * The move in SAN.
 */
san: string, 
/**
 * The position after it, from White's side.
 */
eval: Eval, 
/**
 * The engine's choice in the position before it, in UCI.
 */
best: string | null, 
/**
 * The same in SAN.
 */
best_san: string | null, 
/**
 * The engine's line from the position before it, in SAN, its choice first.
 */
best_line: Array<string>, 
/**
 * The same line in UCI (the board draws it).
 */
best_line_uci: Array<string>, 
/**
 * The mark, if the move lost 10 points of Win% or more.
 */
class: Mark | null, 
/**
 * The move's accuracy, 0 to 100, to a tenth.
 */
accuracy: number, 
/**
 * The game's result, when this move ended it (`1-0`, `0-1`, `1/2-1/2`).
 */
end?: string, };

/**
 * One turn reviewed, as the browser and `tabula` read it.
 */
export type ReviewedTurn = { 
/**
 * The turn's number, from 1.
 */
ply: number, 
/**
 * Who played it (`blue`, `red`).
 */
side: string, 
/**
 * The turn in notation.
 */
turn: string, 
/**
 * The position after it, from Blue's side: the engine's score (100 = one square of
 * work), `100000` or `-100000` when decided.
 */
eval: number, 
/**
 * Blue's chances of winning after it, 0 to 100, to a tenth.
 */
blue_win: number, 
/**
 * The computer's choice before it, in notation.
 */
best: string | null, 
/**
 * The mark, if the turn lost 10 points of Win% or more.
 */
class: Mark | null, 
/**
 * The turn's accuracy, 0 to 100, to a tenth.
 */
accuracy: number, };

/**
 * Who executes and what they must achieve.
 */
export type Role = "announcer" | "challenger";

/**
 * A role to give.
 */
export type RoleBody = { 
/**
 * The role.
 */
role: AccountRole, };

/**
 * A role given.
 */
export type RoleSet = { 
/**
 * To whom.
 */
name: string, 
/**
 * Which.
 */
role: AccountRole, };

/**
 * Any event of a room of game `E`: the game's own, or the room's.
 */
export type RoomEvent<E> = E | TableEvent;

/**
 * A message for a class's room.
 */
export type RoomMessage = { 
/**
 * Up to 300 characters, shown as text.
 */
text: string, };

/**
 * What a room shows: the table waiting, or the game.
 */
export type RoomView<V> = WaitingView | PlayView<V>;

/**
 * A message written.
 */
export type RoomWritten = { 
/**
 * Its number.
 */
id: number, };

/**
 * How a round ended for the clients: a proof's result, or the card set aside.
 */
export type RoundResult = { 
/**
 * The prover.
 */
player: number, 
/**
 * Moves used.
 */
moves: number, 
/**
 * The announcement.
 */
bid: number, 
/**
 * Whether it succeeded.
 */
success: boolean, 
/**
 * Why it failed.
 */
reason?: FailReason, } | { 
/**
 * Always true.
 */
set_aside: boolean, };

/**
 * The last round scored, with its optimum.
 */
export type RoundScored = { 
/**
 * The card(s) of the round.
 */
cards: Array<Layout>, 
/**
 * The board the execution started from.
 */
start: Layout, 
/**
 * The fewest moves.
 */
optimum: number | null, 
/**
 * Who scored.
 */
scorer: number, 
/**
 * Why.
 */
reason: PointReason, };

/**
 * The last round settled, with the optimum and one optimal line (the browser animates it).
 */
export type RoundSettled = { 
/**
 * The round's task.
 */
task: Task, 
/**
 * Its stars.
 */
stars: number, 
/**
 * The board it started from.
 */
board: Board, 
/**
 * The fewest moves.
 */
optimum: number | null, 
/**
 * One optimal line.
 */
solution: Array<string>, 
/**
 * How it ended.
 */
result: RoundResult, };

/**
 * An action.
 */
export type RoyalSoloAction = { "t": "move", 
/**
 * The move.
 */
mv: Move, } | { "t": "card", 
/**
 * Which card (1 or 2 with two cards).
 */
card: number | null, 
/**
 * The action.
 */
action: CardAction, } | { "t": "retry" } | { "t": "next" } | { "t": "tick" };

/**
 * What happened.
 */
export type RoyalSoloEvent = { "t": "cards_drawn", 
/**
 * Their index in the session, from 0.
 */
index: number, 
/**
 * The card(s).
 */
cards: Array<Layout>, 
/**
 * The recorded start.
 */
start: Layout, } | { "t": "stepped", 
/**
 * The step.
 */
step: string, 
/**
 * Count so far.
 */
count: number, 
/**
 * The pieces now.
 */
layout: Layout, 
/**
 * The card(s) as currently turned or mirrored.
 */
cards: Array<Layout>, } | { "t": "completed", 
/**
 * The count of this attempt.
 */
count: number, 
/**
 * The best count so far on these cards.
 */
best: number, } | { "t": "retried", 
/**
 * Attempt number, from 1.
 */
attempt: number, } | { "t": "deck_empty" };

/**
 * A Royal Study card (or two) solved, or proved unsolvable.
 */
export type RoyalSolved = { 
/**
 * How many moves and card actions.
 */
moves: number, 
/**
 * The steps.
 */
solution: Array<string>, 
/**
 * The order the cards are completed in (0: the first card).
 */
order: Array<number>, } | { 
/**
 * Always null.
 */
moves: null, 
/**
 * Always true.
 */
unsolvable: true, };

/**
 * A stored sanction.
 */
export type Sanction = { 
/**
 * Its number.
 */
id: number, 
/**
 * What it does.
 */
kind: SanctionKind, 
/**
 * The account's name, for a sanction on an account.
 */
name: string | null, 
/**
 * Why.
 */
reason: string, 
/**
 * Who imposed it.
 */
actor: string, 
/**
 * From when.
 */
at: number, 
/**
 * Until when (`null`: until lifted).
 */
until: number | null, 
/**
 * Who lifted it, if anyone did.
 */
lifted_by: string | null, 
/**
 * When it was lifted.
 */
lifted_at: number | null, } & ({ "target": "account", "subject": number } | { "target": "address", "subject": string });

/**
 * A sanction asked for: an account's ban or mute, or an address's ban.
 */
export type SanctionBody = { 
/**
 * Ban or mute.
 */
kind: SanctionKind, 
/**
 * The account, by name.
 */
account?: string | null, 
/**
 * The address or network (bans only).
 */
address?: string | null, 
/**
 * Why (the player is told).
 */
reason: string, 
/**
 * For how long (left out: until lifted).
 */
hours?: number | null, };

/**
 * What a sanction does.
 */
export type SanctionKind = "ban" | "mute";

/**
 * A sanction given.
 */
export type Sanctioned = { 
/**
 * Whom: `account NAME` or `address NET`.
 */
sanctioned: string, };

/**
 * An evaluation for the side to move: `{"cp": 35}` or `{"mate": -3}`.
 */
export type ScoreView = { "cp": number } | { "mate": number };

/**
 * A seat as every view lists it.
 */
export type SeatInfo = { 
/**
 * Its number.
 */
seat: number, 
/**
 * Its player's name.
 */
name: string, 
/**
 * A bot's level.
 */
bot: number | null, 
/**
 * Whether its player is signed in.
 */
registered: boolean, };

/**
 * A seat taken in a game (made or joined): whoever holds the token plays the seat.
 */
export type SeatTaken = { 
/**
 * The game.
 */
id: string, 
/**
 * The seat.
 */
seat: number, 
/**
 * The seat's secret token.
 */
token: string, };

export type SeekBody = { 
/**
 * A guest's nickname.
 */
name?: string, kind: Kind, 
/**
 * The kind's options (each kind reads those it takes, and refuses others).
 */
options?: GameOptions | null, rated?: boolean, range?: [number, number] | null, };

/**
 * A seek put in the lobby.
 */
export type SeekMade = { 
/**
 * Its id (to withdraw it).
 */
id: string, };

/**
 * A seek as the lobby lists it.
 */
export type SeekView = { 
/**
 * Its id (to accept or withdraw it).
 */
id: string, 
/**
 * Its owner's name.
 */
name: string, 
/**
 * The game sought.
 */
kind: Kind, 
/**
 * Its options.
 */
options: GameOptions, 
/**
 * Rated or casual.
 */
rated: boolean, 
/**
 * The ratings the owner accepts an opponent within, if any.
 */
range: [number, number] | null, 
/**
 * The owner's rating in the seek's pool, when rated.
 */
rating: number | null, 
/**
 * Whether the owner is signed in (a registered name).
 */
registered: boolean, 
/**
 * The rating pool of the game sought.
 */
pool: string, 
/**
 * Whether it is the viewer's own.
 */
mine: boolean, };

/**
 * An event of the series: the current game's, or the series' own.
 */
export type SeriesEvent = ChessShown | SeriesNews;

/**
 * The series around the current game.
 */
export type SeriesInfo = { 
/**
 * `QuickChess Olympics`.
 */
name: string, 
/**
 * The game being played (from 1).
 */
game: number, 
/**
 * Five.
 */
of: number, 
/**
 * The points of seats 0 and 1.
 */
points: [number, number], 
/**
 * Each finished game.
 */
results: Array<SeriesResult>, 
/**
 * Whether all five are over.
 */
over: boolean, 
/**
 * The seat that won the series (none: level, or not over).
 */
winner: number | null, 
/**
 * The five variants.
 */
games: Array<string>, };

/**
 * The series' own events.
 */
export type SeriesNews = { "t": "series_game_over", 
/**
 * Which (from 1).
 */
game: number, } | { "t": "series_next", 
/**
 * Which (from 1).
 */
game: number, };

/**
 * A finished game of the series.
 */
export type SeriesResult = { 
/**
 * Which (from 1).
 */
game: number, 
/**
 * Its variant.
 */
variant: string, 
/**
 * Its result (`1-0`, ...).
 */
result: string, 
/**
 * Its outcome in words.
 */
outcome: string, 
/**
 * The points it gave seats 0 and 1.
 */
points: [number, number], };

/**
 * What a player of the Olympics sees: the current game's view with the series.
 */
export type SeriesView = { 
/**
 * The series.
 */
series: SeriesInfo, 
/**
 * `quickchess`.
 */
kind: string, 
/**
 * The variant's name.
 */
variant: string, 
/**
 * Files.
 */
width: number, 
/**
 * Ranks.
 */
height: number, 
/**
 * The position (none while Blind placements are hidden).
 */
fen: string | null, 
/**
 * The start position (the same).
 */
start_fen: string | null, 
/**
 * The pieces.
 */
board: Array<PieceOn>, 
/**
 * The side to move (`white`, `black`).
 */
turn: string, 
/**
 * Whether it is in check.
 */
check: boolean, 
/**
 * Every move.
 */
moves: Array<MoveView>, 
/**
 * The last move.
 */
last: MoveView | null, 
/**
 * Blind QuickChess before the reveal.
 */
setup: SetupView | null, 
/**
 * Lost pieces and the balance.
 */
material: Material | null, 
/**
 * The clocks of a timed game.
 */
clock: ChessClock | null, 
/**
 * An arena tournament's game: the viewer may berserk now.
 */
may_berserk?: boolean, 
/**
 * Who berserked (White first).
 */
berserked: [boolean, boolean], 
/**
 * The server's time.
 */
now: number, 
/**
 * The outcome in words.
 */
outcome: string | null, 
/**
 * The outcome in parts.
 */
end: End | null, 
/**
 * The result (`1-0`, ...; `*` for an aborted game).
 */
result: string | null, 
/**
 * The side offering a draw.
 */
draw_offer: string | null, 
/**
 * The side asking for a takeback.
 */
takeback: string | null, 
/**
 * Whether it is over.
 */
over: boolean, 
/**
 * The seat of each colour.
 */
sides: ByColor, 
/**
 * Both sides at one screen.
 */
one_screen: boolean, 
/**
 * The viewer's colour.
 */
color: string | null, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * Whether the viewer moves now.
 */
your_turn: boolean, 
/**
 * The viewer's legal moves.
 */
legal: Array<LegalMove>, 
/**
 * What the tables or the lesson solver already know of the position.
 */
solved: VerdictParts | null, 
/**
 * Whether the lesson-game coach may know the game (a lesson game the full-board solver
 * takes): the page asks it after each move (`"coach": true` in `/api/chess/position`).
 */
coached: boolean, };

/**
 * A frame the server sends.
 */
export type ServerFrame = { "t": "state", "d": { 
/**
 * The room's version.
 */
v: number, 
/**
 * The seat this socket acts for, if any.
 */
seat: number | null, 
/**
 * What it sees.
 */
view: Shown, 
/**
 * The request's id, when answering one.
 */
id?: RawJson, } } | { "t": "update", "d": { 
/**
 * The room's version after the change.
 */
v: number, 
/**
 * The events.
 */
events: Shown, 
/**
 * The view after it.
 */
view: Shown, } } | { "t": "ack", "d": { 
/**
 * The request's id.
 */
id: RawJson | null, 
/**
 * The version after an action.
 */
v?: number, } } | { "t": "error", "d": { 
/**
 * The request's id.
 */
id: RawJson | null, 
/**
 * Why, in words.
 */
message: string, 
/**
 * The kind of error (`bad_input`, `forbidden`, `refused`, `rate_limited`, ...).
 */
code: string, 
/**
 * Its cause (`illegal`, `seats_full`, `no_seat`, ...): see `crate::error::causes`.
 */
cause: Cause, 
/**
 * The HTTP status the same error has in the HTTP API.
 */
status: number, 
/**
 * For limits: when to try again.
 */
retry_after_ms?: number, } } | { "t": "seat", "d": { 
/**
 * The seat it now acts for (`null`: none, it watches).
 */
seat: number | null, 
/**
 * Why, in words.
 */
message: string, } } | { "t": "pong", "d": { 
/**
 * The request's id.
 */
id?: RawJson, } } | { "t": "restart", "d": { 
/**
 * When to reconnect.
 */
retry_ms: number, } };

/**
 * Blind QuickChess before the reveal.
 */
export type SetupView = { 
/**
 * The viewer's own placements (none for spectators).
 */
yours: Array<Placed> | null, 
/**
 * Whether each side has placed all ten.
 */
done: [boolean, boolean], 
/**
 * How many each side has placed.
 */
counts: [number, number], };

/**
 * Something made once and sent to many sockets: held typed (a view or the events of this
 * node's room), or as the JSON text it arrived in from another node. To the browser's types
 * it is `unknown`: the frame carrying it does not say which game's view it is, the page does.
 */
export type Shown = unknown;

/**
 * A session begun (sign-up or log-in).
 */
export type SignedIn = { 
/**
 * The account's name.
 */
name: string, 
/**
 * How many of the guest seats sent along became the account's.
 */
claimed: number, };

/**
 * A log-out.
 */
export type SignedOut = { 
/**
 * How many sessions ended (all of the account's with `everywhere`).
 */
sessions_ended: number, };

/**
 * What the solo player may ask for.
 */
export type SoloIntent = { "t": "move", 
/**
 * The move.
 */
mv: Move, } | { "t": "abandon" };

export type Solution = { solution: Array<string>, name?: string, };

export type SolveCheckMates = { side: CheckmatesSide, board: string, task: string, };

export type SolveRoyal = { level: number, board: string, card: string, card2: string | null, };

/**
 * An exact verdict with its best move.
 */
export type SolvedView = { best: string | null, best_san: string | null, 
/**
 * In words, for people.
 */
text: string, 
/**
 * What kind (`mate`, `checkmated`, `win_in_plies`, `win`, `win_by_tie_break`, `draw`).
 */
kind: string, 
/**
 * Who wins (`white`, `black`).
 */
winner: string | null, 
/**
 * Moves to mate or plies to the win.
 */
n: number | null, 
/**
 * Win, draw or loss for the side to move.
 */
wdl: string, };

/**
 * A player's final result.
 */
export type Standing = { 
/**
 * The player.
 */
player: number, 
/**
 * Stars minus penalties.
 */
score: number, 
/**
 * Stars of face-up cards.
 */
stars: number, 
/**
 * Penalty cards.
 */
penalties: number, 
/**
 * Whether the player wins (possibly shared).
 */
winner: boolean, };

/**
 * A line of the standings.
 */
export type StandingLine = { 
/**
 * 1 for the leader.
 */
rank: number, 
/**
 * The player.
 */
name: string, 
/**
 * Points: an arena's (2 a win, 4 on a streak, +1 berserk); a Swiss event's (1 a win, ½ a
 * draw); parties' (a point for each player placed below at a table, ½ for each sharing).
 */
score: number, 
/**
 * Games played (byes not counted), or parties.
 */
games: number, 
/**
 * An arena player on a streak (their wins count double).
 */
streak: boolean, 
/**
 * Swiss: the Buchholz tie-break (the opponents' scores summed).
 */
buchholz: number | null, 
/**
 * Swiss: the Sonneborn-Berger tie-break.
 */
sonneborn_berger: number | null, 
/**
 * Check Mates parties: the parties won (first places, shared or not), the tie-break.
 */
firsts: number | null, 
/**
 * Playing on (false: withdrawn).
 */
active: boolean, };

/**
 * Where a stored game stands.
 */
export type Status = "lobby" | "playing" | "finished" | "expired";

/**
 * One step: when, what was done (`None` for the start), what the clients were told
 * (absent for the start) and the view after it.
 */
export type Step<V, E, P> = { at: number, action: StepAction<P> | null, events?: Array<E>, view: StepView<V>, };

/**
 * What a step did: a game's action as spectators may see it, or the room's.
 */
export type StepAction<P> = P | TableAction;

/**
 * The spectators' view after a step.
 */
export type StepView<V> = { table?: ClosedTable, } & V;

export type Steps = { steps: Array<string>, };

/**
 * A student changed; a reset password is shown this once.
 */
export type StudentChanged = { 
/**
 * The student.
 */
username: string, 
/**
 * Their standing now.
 */
standing: string, 
/**
 * A new password, after a reset.
 */
password: string | null, };

/**
 * A row of the table.
 */
export type StudentProgress = { 
/**
 * The student.
 */
username: string, 
/**
 * Whether a teacher made the account.
 */
made: boolean, 
/**
 * A tally per task, in the order of the assignments' tasks.
 */
tasks: Array<TaskProgress>, };

/**
 * `GET /api/classes/{id}/students/{name}/puzzles`: a student's latest puzzle tries.
 */
export type StudentPuzzles = { 
/**
 * The student.
 */
username: string, 
/**
 * Their first rated tries, newest first (at most 100).
 */
tries: Array<TriedPuzzle>, };

/**
 * A room's own action.
 */
export type TableAction = { "table": "rematch", 
/**
 * The seat.
 */
seat: number, } | { "table": "decline_rematch", 
/**
 * The seat.
 */
seat: number, } | { "table": "next", 
/**
 * The new game's id.
 */
game: string, } | { "table": "closed", 
/**
 * Why.
 */
reason: CloseReason, };

/**
 * What the room tells every client besides the game's own events.
 */
export type TableEvent = { "t": "rematch_asked", 
/**
 * The seat.
 */
seat: number, } | { "t": "rematch_declined", 
/**
 * The seat.
 */
seat: number, } | { "t": "rematch", 
/**
 * Its id.
 */
game: string, } | { "t": "closed", 
/**
 * Why.
 */
reason: CloseReason, } | { "t": "lobby" } | { "t": "joined", 
/**
 * The seat.
 */
seat: number, } | { "t": "started" };

/**
 * An open Check Mates table waiting for players.
 */
export type TableItem = { 
/**
 * The game.
 */
id: string, 
/**
 * Its host's name.
 */
host: string | null, 
/**
 * Whether the host is signed in.
 */
registered: boolean, 
/**
 * Seats taken.
 */
seats: number, 
/**
 * Its options.
 */
options: GameOptions, };

/**
 * What a client may ask of the room rather than of its game.
 */
export type TableRequest = { "t": "rematch" } | { "t": "decline_rematch" };

/**
 * The room's part of every view.
 */
export type TableView = { 
/**
 * Seats that asked for (or agreed to) a rematch.
 */
rematch: Array<number>, 
/**
 * The seat that declined the last rematch asked for.
 */
declined: number | null, 
/**
 * The rematch, once created.
 */
next: string | null, 
/**
 * Why the game was closed before its end.
 */
closed: CloseReason | null, 
/**
 * The host's seat.
 */
host: number, 
/**
 * The game's kind (a new game with the same settings needs it).
 */
kind: Kind, 
/**
 * Its options.
 */
options: GameOptions, 
/**
 * The levels of its bots.
 */
bots: Array<number>, };

/**
 * How far a student is with a task.
 */
export type Tally = { 
/**
 * Things done that count (at most `of`).
 */
done: number, 
/**
 * Things asked for.
 */
of: number, 
/**
 * Time spent on what counted (ms; games and cards: puzzles' time is not recorded).
 */
ms: number, 
/**
 * When the last thing that counted was done.
 */
last: number | null, 
/**
 * When the task was met, if it was.
 */
met: number | null, };

/**
 * A task pattern. `.` means "anything"; a letter constrains its square (sliding: `b r g`;
 * chess: `R N Q` for that piece of either colour, `w`/`b` for any white/black piece).
 * The joker / king satisfies every constraint; an empty square satisfies none.
 */
export type Task = string;

/**
 * A task met, as the run's history shows it.
 */
export type TaskDone = { 
/**
 * The task.
 */
task: Task, 
/**
 * The board when it was revealed.
 */
board: Board, 
/**
 * The fewest moves from there.
 */
optimum: number | null, 
/**
 * The moves it took.
 */
moves: number, 
/**
 * When it was met, from the start of the run.
 */
elapsed: number, };

/**
 * A student's tally of one task.
 */
export type TaskProgress = { 
/**
 * The assignment the task is of.
 */
assignment: string, 
/**
 * Whether the assignment is for this student.
 */
assigned: boolean, 
/**
 * Things done that count (at most `of`).
 */
done: number, 
/**
 * Things asked for.
 */
of: number, 
/**
 * Time spent on what counted (ms; games and cards: puzzles' time is not recorded).
 */
ms: number, 
/**
 * When the last thing that counted was done.
 */
last: number | null, 
/**
 * When the task was met, if it was.
 */
met: number | null, };

/**
 * What a body took too long for (408).
 */
export type TimeoutCause = "slow_body";

/**
 * What was over its size limit (413).
 */
export type TooLargeCause = "body_too_large" | "frame_too_large";

/**
 * The games a tournament is played in.
 */
export type TournamentGame = "quickchess" | "querni" | "royal" | "checkmates";

/**
 * A game of the tournament.
 */
export type TournamentGameRef = { 
/**
 * The game's id (to watch it).
 */
id: string, 
/**
 * Its players' names, the first mover first (a party's in seat order).
 */
players: Array<string>, 
/**
 * The round of a Swiss event or of parties (none in an arena).
 */
round: number | null, 
/**
 * The result for the first mover once over (`win`, `draw`, `loss`, `void`; `party` for
 * a party over, its places in the standings).
 */
outcome: string | null, 
/**
 * Who berserked, the first mover first (known once the result is recorded).
 */
berserk: [boolean, boolean], };

/**
 * What joining did.
 */
export type TournamentJoined = { 
/**
 * `joined`, `back` (after a withdrawal) or `already`.
 */
entry: string, };

/**
 * A tournament's format: an arena, a Swiss event or Check Mates parties.
 */
export type TournamentKind = "arena" | "swiss" | "parties";

/**
 * The tournaments upcoming, being played and lately finished.
 */
export type TournamentList = { 
/**
 * Not started yet, soonest first.
 */
upcoming: Array<TournamentSummary>, 
/**
 * Being played.
 */
running: Array<TournamentSummary>, 
/**
 * Finished, newest first.
 */
finished: Array<TournamentSummary>, 
/**
 * The server's clock now.
 */
now: number, };

/**
 * A tournament just made.
 */
export type TournamentMade = { 
/**
 * Its id.
 */
id: string, };

/**
 * A tournament as asked for.
 */
export type TournamentSpec = { 
/**
 * Arena or Swiss.
 */
kind: TournamentKind, 
/**
 * The game.
 */
game: TournamentGame, 
/**
 * QuickChess's variant (as in a game's options); none for the others.
 */
variant: string | null, 
/**
 * Each player's clock (QuickChess and Querni; The Royal Study plays with its hourglass).
 */
clock: ClockOption | null, 
/**
 * An arena's length, in minutes (`1.5` is a minute and a half).
 */
minutes: number | null, 
/**
 * A Swiss event's rounds, or the parties' rounds.
 */
rounds: number | null, 
/**
 * Check Mates: the side of the tokens and cards (sliding when not given).
 */
side?: CheckmatesSide, 
/**
 * Check Mates: which cards (all, or a blitz deck of the one- or two-star ones).
 */
deck?: DeckChoice, 
/**
 * Whether its games move ratings.
 */
rated: boolean, 
/**
 * Seconds from now to the start.
 */
starts_in_s: number, 
/**
 * Its name, if its maker gave one (pages make one of the rest otherwise, in the reader's
 * language).
 */
name: string | null, };

/**
 * Where a tournament is in its life.
 */
export type TournamentStatus = "created" | "started" | "finished" | "cancelled";

/**
 * A tournament in a list.
 */
export type TournamentSummary = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its name (made of the rest, in English, when its maker gave none).
 */
name: string, 
/**
 * Whether its maker named it (otherwise a page names it in the reader's language).
 */
named: boolean, 
/**
 * What it is.
 */
spec: TournamentSpec, 
/**
 * Where it is.
 */
status: TournamentStatus, 
/**
 * When it starts (ms since the Unix epoch).
 */
starts: number, 
/**
 * When an arena ends.
 */
ends: number | null, 
/**
 * Made by a player (none: the server's schedule).
 */
by: string | null, };

/**
 * A tournament as its page shows it.
 */
export type TournamentView = { 
/**
 * The server's clock now (for the countdown).
 */
now: number, 
/**
 * The rounds of a Swiss event or of parties paired so far.
 */
round: number, 
/**
 * The standings, best first.
 */
standings: Array<StandingLine>, 
/**
 * The games, the ones being played first, then the latest.
 */
games: Array<TournamentGameRef>, 
/**
 * The viewer's part, if they are in it.
 */
you: You | null, 
/**
 * Its id.
 */
id: string, 
/**
 * Its name (made of the rest, in English, when its maker gave none).
 */
name: string, 
/**
 * Whether its maker named it (otherwise a page names it in the reader's language).
 */
named: boolean, 
/**
 * What it is.
 */
spec: TournamentSpec, 
/**
 * Where it is.
 */
status: TournamentStatus, 
/**
 * When it starts (ms since the Unix epoch).
 */
starts: number, 
/**
 * When an arena ends.
 */
ends: number | null, 
/**
 * Made by a player (none: the server's schedule).
 */
by: string | null, };

/**
 * A puzzle a student tried, as the teacher sees it.
 */
export type TriedPuzzle = { 
/**
 * The puzzle's id.
 */
puzzle: string, 
/**
 * `quickchess` or `querni`.
 */
game: string, 
/**
 * Its themes.
 */
themes: Array<string>, 
/**
 * Its rating now.
 */
rating: number, 
/**
 * Whether the student solved it.
 */
solved: boolean, 
/**
 * When.
 */
at: number, };

/**
 * Where a try stands after the moves sent.
 */
export type TryAnswer = { "verdict": "continue", 
/**
 * The reply (UCI).
 */
reply: string, } | { "verdict": "solved" } & Finished | { "verdict": "wrong", 
/**
 * The solution's move at the wrong one.
 */
expected: string, 
/**
 * The whole solution.
 */
solution: Array<string>, 
/**
 * The puzzle's themes.
 */
themes: Array<string>, 
/**
 * The player's rating before the try.
 */
before: PuzzleRating, 
/**
 * After it (the same when the try did not count: a puzzle tried before).
 */
after: PuzzleRating, 
/**
 * Whether the try moved the ratings.
 */
rated: boolean, 
/**
 * Why it did not (an account's try).
 */
unrated: Unrated | null, 
/**
 * The puzzle's rating after the try.
 */
puzzle_rating: number, };

/**
 * `POST /api/puzzles/{id}/try`'s body.
 */
export type TryBody = { 
/**
 * QuickChess: the solver's moves so far in UCI (the replies are the server's); Querni:
 * the one turn.
 */
moves: Array<string>, 
/**
 * A guest's rating, kept by the browser.
 */
rating?: PuzzleRating | null, 
/**
 * A try in a streak: judged, but it moves no rating (as lichess's Puzzle Streak).
 */
streak?: boolean, };

/**
 * The correspondence games waiting for the viewer's move, the most urgent first.
 */
export type TurnList = { 
/**
 * The games.
 */
games: Array<TurnView>, 
/**
 * The server's clock now.
 */
now: number, };

/**
 * A turn of the history as the browser marks it.
 */
export type TurnStep = { 
/**
 * Who played it.
 */
side: QuerniSide, 
/**
 * Its notation.
 */
turn: string, 
/**
 * Whether it was an automatic pass.
 */
auto: boolean, 
/**
 * The squares the moved piece stood on (start and landings).
 */
path: Array<string>, 
/**
 * The squares the removed chain stood on.
 */
removed: Array<string>, 
/**
 * The position after it.
 */
after: string, };

/**
 * A game waiting for the viewer's move.
 */
export type TurnView = { 
/**
 * The game.
 */
id: string, 
/**
 * Its kind (for its page).
 */
kind: Kind, 
/**
 * The opponent's name.
 */
opponent: string, 
/**
 * When the viewer's time for this move runs out (ms since the Unix epoch).
 */
deadline: number, 
/**
 * The viewer's seat and its token, when the seat's token is derived from the server's
 * secret (a challenge's game: playable from any device); none for a game made by link,
 * whose token only the browser that made or joined it holds.
 */
seat: ChallengeSeat | null, };

/**
 * Why the caller is not known (401).
 */
export type UnauthorizedCause = "sign_in" | "wrong_credentials" | "wrong_password";

/**
 * What has no room now (503).
 */
export type UnavailableCause = "closing" | "connections" | "rooms" | "moved" | "room_full" | "queue_full";

/**
 * Why a try moved no rating.
 */
export type Unrated = "streak" | "tried_before" | "solution_seen" | "daily_limit";

/**
 * A verdict as clients receive it (the browser builds its words from the parts).
 */
export type VerdictParts = { 
/**
 * In words, for people.
 */
text: string, 
/**
 * What kind (`mate`, `checkmated`, `win_in_plies`, `win`, `win_by_tie_break`, `draw`).
 */
kind: string, 
/**
 * Who wins (`white`, `black`).
 */
winner: string | null, 
/**
 * Moves to mate or plies to the win.
 */
n: number | null, 
/**
 * Win, draw or loss for the side to move.
 */
wdl: string, };

/**
 * A game waiting for its players (a party's lobby, a duel's second seat).
 */
export type WaitingView = { 
/**
 * The game's id.
 */
id: string, 
/**
 * What game.
 */
kind: Kind, 
/**
 * Where it stands (`lobby`, or `expired`).
 */
status: Status, 
/**
 * The creator's options.
 */
options: GameOptions, 
/**
 * The most seats.
 */
max_seats: number, 
/**
 * Who sits where.
 */
seats: Array<SeatInfo>, 
/**
 * The viewer's seat.
 */
you: number | null, 
/**
 * The host's seat.
 */
host: number, 
/**
 * The server's time (ms since the Unix epoch).
 */
now: number, 
/**
 * The room's part.
 */
table: TableView, };

/**
 * A value for each side.
 */
export type WhiteBlack<T> = { 
/**
 * White's.
 */
white: T, 
/**
 * Black's.
 */
black: T, };

/**
 * How a finished game was won.
 */
export type WinReason = "all_removed" | { "stranded": { 
/**
 * The loser's pieces that can never be removed.
 */
numbers: number, } } | "resigned" | "timeout";

/**
 * A seek withdrawn.
 */
export type Withdrawn = { 
/**
 * Its id.
 */
withdrawn: string, };

/**
 * The viewer's part in the tournament.
 */
export type You = { 
/**
 * Playing on (false: withdrawn; they may come back).
 */
active: boolean, 
/**
 * Their game being played now, if any.
 */
game: YourGame | null, };

/**
 * The viewer's game to play now.
 */
export type YourGame = { 
/**
 * The game.
 */
id: string, 
/**
 * The viewer's seat.
 */
seat: number, 
/**
 * The seat's token (the same on each of the player's devices).
 */
token: string, };

/** Every cause of an error (`cause` in an error's body and frame): a stable code. */
export type Cause = BadInputCause | UnauthorizedCause | ForbiddenCause | BannedCause | NotFoundCause | ConflictCause | TimeoutCause | TooLargeCause | RefusedCause | RateLimitedCause | UnavailableCause | InternalCause;

/**
 * Every JSON endpoint of the HTTP API, as `"VERB /path/{param}"`: the body it reads
 * (`undefined`: none) and the answer it gives (crates/server/src/http/contract.rs).
 */
export interface Routes {
  "GET /api/admin/accounts": { body: undefined, answer: AccountList },
  "GET /api/admin/overview": { body: undefined, answer: Overview },
  "GET /api/challenges": { body: undefined, answer: ChallengeList },
  "GET /api/classes": { body: undefined, answer: ClassList },
  "GET /api/classes/{id}": { body: undefined, answer: ClassView },
  "GET /api/classes/{id}/progress": { body: undefined, answer: ClassProgress },
  "GET /api/classes/{id}/rooms/{room}": { body: undefined, answer: ChatView },
  "GET /api/classes/{id}/students/{name}/puzzles": { body: undefined, answer: StudentPuzzles },
  "GET /api/daily": { body: undefined, answer: DailyToday },
  "GET /api/daily/{puzzle}/ranking": { body: undefined, answer: DailyRanking },
  "GET /api/decks": { body: undefined, answer: Decks },
  "GET /api/explorer": { body: undefined, answer: ExplorerAnswer },
  "GET /api/games/recent": { body: undefined, answer: Array<FinishedGame> },
  "GET /api/games/{id}": { body: undefined, answer: GameState },
  "GET /api/games/{id}/chat": { body: undefined, answer: ChatView },
  "GET /api/games/{id}/replay": { body: undefined, answer: Replay<Shown> },
  "GET /api/games/{id}/review": { body: undefined, answer: ReviewAnswer },
  "GET /api/leaderboard": { body: undefined, answer: Pools },
  "GET /api/leaderboard/{pool}": { body: undefined, answer: Leaderboard },
  "GET /api/lobby": { body: undefined, answer: LobbyView },
  "GET /api/me": { body: undefined, answer: Me },
  "GET /api/me/assignments": { body: undefined, answer: MyAssignments },
  "GET /api/me/friends": { body: undefined, answer: Friends },
  "GET /api/me/turns": { body: undefined, answer: TurnList },
  "GET /api/players/{name}/games": { body: undefined, answer: GamesPage },
  "GET /api/puzzles/next": { body: undefined, answer: NextAnswer },
  "GET /api/tournaments": { body: undefined, answer: TournamentList },
  "GET /api/tournaments/{id}": { body: undefined, answer: TournamentView },
  "GET /api/tournaments/{id}/chat": { body: undefined, answer: ChatView },
  "GET /api/users/{name}": { body: undefined, answer: Profile },
  "GET /api/users/{name}/relation": { body: undefined, answer: Relation },
  "POST /api/admin/accounts/{name}/reset-link": { body: undefined, answer: ResetLink },
  "POST /api/admin/accounts/{name}/role": { body: RoleBody, answer: RoleSet },
  "POST /api/admin/accounts/{name}/tournaments/hide": { body: HideBody, answer: HiddenEvents },
  "POST /api/admin/games/{id}/close": { body: OutcomeBody, answer: GameClosed },
  "POST /api/admin/messages/{id}/delete": { body: undefined, answer: MessageDeleted },
  "POST /api/admin/reports/{id}/close": { body: OutcomeBody, answer: ReportClosed },
  "POST /api/admin/sanctions": { body: SanctionBody, answer: Sanctioned },
  "POST /api/admin/sanctions/{id}/lift": { body: undefined, answer: Lifted },
  "POST /api/admin/tournaments/{id}/cancel": { body: CancelBody, answer: Cancelled },
  "POST /api/admin/tournaments/{id}/rename": { body: RenameBody, answer: Renamed },
  "POST /api/auth/delete": { body: DeleteBody, answer: Deleted },
  "POST /api/auth/login": { body: Credentials, answer: SignedIn },
  "POST /api/auth/logout": { body: LogoutBody, answer: SignedOut },
  "POST /api/auth/password": { body: PasswordChange, answer: PasswordChanged },
  "POST /api/auth/reset": { body: ResetBody, answer: ResetAccount },
  "POST /api/auth/reset/check": { body: ResetCheckBody, answer: ResetAccount },
  "POST /api/auth/signup": { body: Credentials, answer: SignedIn },
  "POST /api/challenges": { body: ChallengeBody, answer: ChallengeView },
  "POST /api/challenges/{id}/accept": { body: undefined, answer: ChallengeView },
  "POST /api/challenges/{id}/cancel": { body: undefined, answer: ChallengeView },
  "POST /api/challenges/{id}/decline": { body: undefined, answer: ChallengeView },
  "POST /api/chess/position": { body: PositionQuery, answer: PositionView },
  "POST /api/classes": { body: NewClass, answer: ClassMade },
  "POST /api/classes/join": { body: JoinClass, answer: ClassView },
  "POST /api/classes/{id}/assignments": { body: NewAssignment, answer: AssignmentMade },
  "POST /api/classes/{id}/assignments/{assignment}/remove": { body: undefined, answer: AssignmentMade },
  "POST /api/classes/{id}/leave": { body: undefined, answer: ClassView },
  "POST /api/classes/{id}/rooms/{room}": { body: RoomMessage, answer: RoomWritten },
  "POST /api/classes/{id}/settings": { body: ClassSettings, answer: ClassView },
  "POST /api/classes/{id}/students": { body: NewStudent, answer: MadeStudent },
  "POST /api/classes/{id}/students/{name}/{change}": { body: undefined, answer: StudentChanged },
  "POST /api/classes/{id}/teachers": { body: NewTeacher, answer: ClassView },
  "POST /api/daily/{puzzle}/position": { body: Steps, answer: DailyPosition },
  "POST /api/daily/{puzzle}/solve": { body: Solution, answer: DailyJudged },
  "POST /api/daily/{puzzle}/start": { body: undefined, answer: DailyStarted },
  "POST /api/games": { body: CreateBody, answer: SeatTaken },
  "POST /api/games/{id}/act": { body: ActBody, answer: Acted },
  "POST /api/games/{id}/chat": { body: ChatBody, answer: ChatWritten },
  "POST /api/games/{id}/join": { body: JoinBody, answer: SeatTaken },
  "POST /api/games/{id}/review": { body: undefined, answer: ReviewAnswer },
  "POST /api/learn/exercise": { body: ExerciseQuery, answer: Exercise },
  "POST /api/lobby/quick": { body: SeekBody, answer: QuickMatch },
  "POST /api/lobby/seeks": { body: SeekBody, answer: SeekMade },
  "POST /api/lobby/seeks/{id}/accept": { body: NameBody, answer: Paired },
  "POST /api/lobby/seeks/{id}/withdraw": { body: undefined, answer: Withdrawn },
  "POST /api/me/claim": { body: Claim, answer: Claimed },
  "POST /api/puzzles/{id}/try": { body: TryBody, answer: TryAnswer },
  "POST /api/querni/coach": { body: QuerniCoachQuery, answer: QuerniCoachView },
  "POST /api/querni/hint": { body: QuerniHint, answer: HintView },
  "POST /api/querni/legal": { body: QuerniPositionBody, answer: QuerniLegal },
  "POST /api/reports": { body: ReportBody, answer: Reported },
  "POST /api/solve/checkmates": { body: SolveCheckMates, answer: CheckMatesSolved },
  "POST /api/solve/royal": { body: SolveRoyal, answer: RoyalSolved },
  "POST /api/tournaments": { body: TournamentSpec, answer: TournamentMade },
  "POST /api/tournaments/{id}/chat": { body: ChatBody, answer: ChatWritten },
  "POST /api/tournaments/{id}/join": { body: undefined, answer: TournamentJoined },
  "POST /api/tournaments/{id}/withdraw": { body: undefined, answer: TournamentJoined },
  "POST /api/users/{name}/{change}": { body: undefined, answer: Relation },
}
