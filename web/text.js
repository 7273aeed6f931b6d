// Every word the browser shows, in one place: English messages keyed by name, each a string or
// a function of named values that returns a whole sentence. A translation replaces this
// module's table (sentences are never put together from pieces elsewhere).

const list = (items) => new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(items);
const plural = (n, one, many) => (n === 1 ? one : many);
const SIDE = { white: 'White', black: 'Black', blue: 'Blue', red: 'Red' };
const PIECE = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/** The variants of QuickChess, in the booklet's order, as the home page offers them. */
export const VARIANTS = ['power-pawns', 'kings-conquest', 'raging-rooks', 'bishops', 'mean-queens', 'rescue-the-queen', 'krazy-knights',
  'mix:KRN', 'mix:RBQN', 'quickchess', 'quickchess-classic', 'quickchess-fsf', 'pawn-blasters', 'quickchess+blasters', 'queens-pro',
  'kings-pro', 'blind', 'olympics', 'chess'];

const TITLES = {
  'power-pawns': 'Power Pawns', 'pawn-blasters': 'Pawn Blasters', 'kings-conquest': "King's Conquest", 'raging-rooks': 'Raging Rooks',
  bishops: 'Bishops', 'mean-queens': 'Mean Queens', 'rescue-the-queen': 'Rescue the Queen', 'krazy-knights': 'Krazy Knights',
  quickchess: 'QuickChess', 'quickchess-classic': 'QuickChess, the older setup', 'quickchess-fsf': 'QuickChess as Fairy-Stockfish plays it',
  'queens-pro': "Queen's Pro Formation", 'kings-pro': "King's Pro Formation", blind: 'Blind QuickChess', olympics: 'QuickChess Olympics', chess: 'Chess',
};
const MIX = { K: 'king', R: 'rook', B: 'bishop', Q: 'queen', N: 'knight' };

const EN = {
  'nav.checkmates': 'Check Mates', 'nav.royal': 'The Royal Study', 'nav.querni': 'Querni', 'nav.quickchess': 'QuickChess', 'nav.solver': 'Solver', 'nav.daily': 'Daily', 'nav.signIn': 'Sign in',
  'notFound.title': 'Not found', 'notFound.back': 'Back to Tabula',
  'game.checkmates': 'Check Mates', 'game.royal': 'The Royal Study', 'game.querni': 'Querni', 'game.quickchess': 'QuickChess',
  'prefs.theme.auto': 'Colours: as the system (press for dark)', 'prefs.theme.dark': 'Colours: dark (press for light)', 'prefs.theme.light': 'Colours: light (press to follow the system)',
  'prefs.soundOn': 'Sound on (press to mute)', 'prefs.soundOff': 'Sound muted (press for sound)',
  'net.reconnecting': 'Connection lost: reconnecting…', 'net.notConnected': 'Not connected yet; try again in a moment', 'net.lost': 'The connection was lost before the server answered; try again',
  'share.copy': 'Copy', 'share.copied': 'Link copied', 'share.game': 'Link to this game:', 'share.gameOrWatch': 'Link to this game (to watch, or for your opponent):',
  'dialog.cancel': 'Cancel',
  'side.white': 'White', 'side.black': 'Black', 'side.blue': 'Blue', 'side.red': 'Red',
  'piece.p': 'pawn', 'piece.n': 'knight', 'piece.b': 'bishop', 'piece.r': 'rook', 'piece.q': 'queen', 'piece.k': 'king',
  'form.nickname': 'Your nickname', 'form.defaultName': 'Player', 'form.level': 'Computer level', 'form.color': 'Your side',
  'form.computerLevel': ({ level }) => `Computer level ${level}`, 'form.levelStrongest': ({ level }) => `Computer level ${level} (strongest)`,
  'form.playComputer': 'Play the computer', 'form.playFriend': 'Play a friend online', 'form.oneScreen': 'Two players, one screen',

  // the board
  'board.label': 'board', 'board.role': 'game board',
  'board.square': ({ square, piece }) => `${square}, ${piece}`, 'board.empty': ({ square }) => `${square}, empty`,
  'board.cannotGo': ({ from, to }) => `The piece on ${from} cannot go to ${to}.`, 'board.notYourTurn': 'It is not your turn.',
  'board.noMove': ({ square }) => `The piece on ${square} has no move now.`,

  // clocks
  'clock.pick': 'Time control', 'clock.none': 'No clock', 'clock.custom': 'Custom time', 'clock.untimed': 'no clock',
  'clock.control': ({ minutes, increment }) => `${minutes}+${increment} (${minutes} min, +${increment} s a move)`,
  'clock.minutes': 'Minutes', 'clock.increment': 'Seconds added a move',
  'clock.left': ({ side, time }) => `${side}'s clock: ${time}`,

  // the duel table
  'table.you': 'you', 'table.moves': 'Moves', 'table.noMoves': 'No moves yet.',
  'table.viewing': ({ step, total }) => `Showing move ${step} of ${total}.`, 'table.backToGame': 'Back to the game',
  'table.flip': 'Turn the board over', 'table.flipShort': 'Flip',
  'table.takeback': 'Take back', 'table.takebackAsked': ({ name }) => `${name} asks to take back their last move.`,
  'table.takebackWaiting': 'You asked to take back your last move; waiting for an answer.',
  'table.acceptTakeback': 'Allow the takeback', 'table.declineTakeback': 'Refuse',
  'table.resign': 'Resign', 'table.resignQuestion': 'Resign this game?',
  'table.rematch': 'Rematch', 'table.acceptRematch': 'Accept the rematch', 'table.declineRematch': 'Decline',
  'table.rematchOffered': ({ name }) => `${name} asks for a rematch, with the sides swapped.`,
  'table.rematchWaiting': 'You asked for a rematch; waiting for your opponent.',
  'table.rematchDeclined': ({ name }) => `${name} declined the rematch.`,
  'table.ratingChange': ({ name, before, after, change }) => `${name}: ${before} → ${after} (${change})`,
  'table.toRematch': 'Go to the rematch', 'table.newGame': 'New game, same settings',
  'table.closed': 'The game ended here: every player had left, and bots do not play on alone.',

  // invitations
  'invite.waiting': 'Waiting for your opponent.',
  'invite.sendLink': 'Send them this link:',
  'invite.from': ({ name, game }) => `${name} invites you to play ${game}.`,
  'invite.terms': ({ side, clock }) => `You would play ${side}; time control: ${clock}.`,
  'invite.take': 'Take the empty seat',
  'duel.computer': ({ level }) => `Computer level ${level}`,

  // home
  'home.title': 'Tabula',
  'home.lead': 'Four small-board games with exact rules, an optimal solver or a computer opponent, and play in your browser: alone, against bots, or with friends by link.',
  'home.checkmates': 'Seven tokens on a 3x3 board and a task card. Work out in your head how few moves make the tokens match the card (you may turn the card, not mirror it). Call out your number; anyone may interrupt with a lower one within five seconds. The last caller proves it on the board.',
  'home.royal': 'King, queen, rook, bishop and knight on 3x3. Reach the layout on the card in as few chess moves as you can. At level 2 you may turn the card, at level 3 mirror it too; each turn costs a move. Announce, challenge, execute: first to six points.',
  'home.querni': 'A duel of numbered pieces on a 10x7 board: step or jump (over pieces of either colour, as far as the jumps go), then lift off a chain of three or more of your consecutive numbers standing next to one another. Clear all sixteen to win, but never strand numbers that can no longer make a chain.',
  'home.quickchess': "Chess on 5x6, learnt one piece at a time through the booklet's lesson games (a pawn on the far edge wins), up to full QuickChess, where a pawn reaching the end rescues a lost piece, Blind QuickChess, and 8x8 chess. Play the computer at eight levels, a friend, or analyse.",
  'home.play': 'Play', 'home.daily': 'The daily puzzle', 'home.leaderboards': 'Leaderboards', 'home.howToPlay': 'How to play', 'home.recent': 'Recent games', 'home.loading': 'Loading…',
  'home.noRecent': 'No finished games yet.', 'home.recentFailed': 'Could not load the recent games.',
  'home.recentLine': ({ players, when }) => `${list(players)}, ${when.toLocaleString('en')}`,

  // QuickChess
  'quickchess.title': ({ id }) => {
    const title = variantTitle(id);
    return /QuickChess|^Chess/.test(title) ? title : `QuickChess: ${title}`;
  },
  'quickchess.variant': 'Game',
  'quickchess.lead': "Chess on a 5x6 board, learnt one piece at a time: the booklet's lesson games, full QuickChess and its options, up to traditional chess.",
  'quickchess.playWhite': 'I play White', 'quickchess.playBlack': 'I play Black',
  'quickchess.noMove': 'No piece can move:', 'quickchess.pass': 'Pass',
  'verdict.source': 'Exact: from the endgame tables or the lesson-game solver',
  'verdict.mate': ({ winner, n }) => `${SIDE[winner]} mates in ${n}`,
  'verdict.checkmated': ({ winner }) => `${SIDE[winner === 'white' ? 'black' : 'white']} is checkmated`,
  'verdict.win_in_plies': ({ winner, n }) => `solved: ${SIDE[winner]} wins in ${n} ${plural(n, 'ply', 'plies')}`,
  'verdict.win_by_tie_break': ({ winner }) => `solved: ${SIDE[winner]} wins by the tie-break`,
  'verdict.draw': 'solved: draw',
  'quickchess.how1': 'The pieces move as in chess. In the lesson games there is no check: a pawn reaching the far edge wins, and so does capturing everything; a player who cannot move passes; if nobody can move, the most advanced pawn (then the most pawns) decides.',
  'quickchess.how2': 'In full QuickChess a pawn reaching the last rank rescues a piece you have lost (a queen-like prince if you lost none). Pawns move one square, there is no castling, and checkmate wins. Blind QuickChess starts with each player placing the pieces on their half, unseen.',
  'quickchess.yourMove': ({ side }) => `Your move (${SIDE[side]}).`,
  'quickchess.yourMoveCheck': ({ side }) => `Check! Your move (${SIDE[side]}).`,
  'quickchess.toMove': ({ name, side }) => `${name} (${SIDE[side]}) to move.`,
  'quickchess.toMoveCheck': ({ name, side }) => `Check! ${name} (${SIDE[side]}) to move.`,
  'quickchess.drawOffered': ({ name }) => `${name} offers a draw.`,
  'quickchess.offerDraw': 'Offer a draw', 'quickchess.acceptDraw': 'Accept the draw',
  'quickchess.choosePiece': 'Your pawn reached the last rank. Choose the piece:',
  'quickchess.captured': 'Pieces captured, and the material ahead',
  'quickchess.rescuable': ({ pieces }) => `A pawn reaching the last rank can rescue your ${list(pieces)}.`,
  'quickchess.analyse': 'Analyse this position',
  'olympics.now': ({ game, of, first, second, a, b }) => `Olympics, game ${game} of ${of}: ${first} ${a}, ${second} ${b}`,
  'olympics.over': ({ winner, a, b }) => (winner === null ? `The Olympics are over: a tie, ${a} to ${b}.` : `The Olympics are over: ${winner} wins, ${a} to ${b}.`),
  'olympics.result': ({ game, result }) => `${game}: ${result}`,
  'blind.title': 'Blind QuickChess', 'blind.watching': 'The players are placing their pieces unseen.',
  'blind.yourSetup': 'your setup', 'blind.done': 'Your pieces are placed. Waiting for your opponent.',
  'blind.place': 'Place your pieces on your half: pick a piece, then a square (tap a placed piece to take it back).',
  'blind.left': ({ piece, count }) => `${piece}: ${count} left`,
  'blind.opponent': ({ count }) => `Your opponent has placed ${count} of 10 pieces.`,
  'blind.replay': ({ white, black }) => `Blind setup: ${white} and ${black} of 10 pieces placed (hidden until both are done).`,

  // the analysis board
  'analysis.title': 'Analysis board', 'analysis.fen': 'Position (FEN)', 'analysis.fenPlaceholder': 'FEN (empty: the start)',
  'analysis.setUp': 'Set up', 'analysis.evaluate': 'Evaluate', 'analysis.takeBack': 'Take back', 'analysis.reset': 'Reset',
  'analysis.toMove': ({ side }) => `${SIDE[side]} to move.`, 'analysis.toMoveCheck': ({ side }) => `${SIDE[side]} to move, in check.`,
  'analysis.moves': ({ moves }) => `Moves: ${moves}`, 'analysis.tryMoves': 'Move the pieces to try moves.',
  'analysis.best': 'Best:', 'analysis.mateIn': ({ moves }) => `mate in ${moves}`, 'analysis.matedIn': ({ moves }) => `mated in ${moves}`,
  'analysis.score': ({ side, score }) => `(${SIDE[side]} to move: ${score})`,
  'analysis.line': ({ line }) => `Line: ${line}`,
  'analysis.depth': ({ depth, nodes }) => `depth ${depth}, ${nodes} positions`,
  'analysis.fenIs': ({ fen }) => `FEN: ${fen}`,
  'analysis.perfectPlay': ({ move }) => `Perfect play: ${move}`,
  'analysis.playComputer': 'Play from here against the computer', 'analysis.playTwo': 'Play from here, two players',

  // Querni
  'querni.board': 'Querni board',
  'querni.piece': ({ side, n }) => `${side} ${n}`,
  'querni.lead': 'Sixteen numbered pieces each on a 10x7 board. Move, then lift off chains of three or more of your consecutive numbers standing next to one another. Clear your board first to win.',
  'querni.playBlue': 'I play blue (first)', 'querni.playRed': 'I play red',
  'querni.how1': 'On your turn, move one piece: step to any of the eight neighbouring empty squares, or jump over one neighbouring piece (of either colour) in a straight line to the empty square beyond, and keep jumping, changing direction if you like, never landing twice on the same square. A step and jumps are never mixed.',
  'querni.how2': 'Then you may remove one chain: three or more of your pieces with consecutive numbers (say 4, 5, 6), each touching the one numbered one less. You may remove part of a chain, or wait. You may also pass.',
  'querni.how3': 'Remove all sixteen to win. But a removal that leaves any of your numbers in a run shorter than three (they could never form a chain again) loses at once. Thirty turns in a row without a removal is a draw.',
  'querni.yourTurn': ({ side }) => `Your turn (${side}).`,
  'querni.toPlay': ({ name, side }) => `${name} (${side}) to play.`,
  'querni.left': ({ count }) => `${count} left`,
  'querni.leftBoth': ({ blue, red, quiet, at }) => `Blue has ${blue} left, red ${red}; ${quiet} of ${at} turns without a removal.`,
  'querni.quiet': ({ quiet, at }) => `${quiet} of ${at} turns without a removal (a draw at ${at}).`,
  'querni.lastTurn': ({ side, turn }) => `Last turn: ${side} ${turn}`,
  'querni.soFar': ({ turn }) => `Your turn so far: ${turn}`,
  'querni.endTurn': 'End of turn', 'querni.pass': 'Pass', 'querni.cancel': 'Cancel', 'querni.hint': 'Hint',
  'querni.passQuestion': 'Pass this turn, without moving or removing anything?',
  'querni.notAChain': ({ low, high }) => `${low}-${high} is not a chain you can remove.`,
  'querni.strandWarning': ({ low, high }) => `Careful: removing ${low}-${high} strands numbers that can never form a chain again; you would lose at once.`,
  'querni.hintIs': ({ words }) => `Hint: ${words} (drawn in blue on the board).`,

  // Check Mates
  'cm.lead': 'Move tokens one square at a time (sliding side) or like chess pieces (chess side) onto the two empty squares. Nothing is captured. The task is met when the board shows its pattern, turned any way you like.',
  'cm.side': 'Side', 'cm.sliding': 'Sliding side (colours)', 'cm.chess': 'Chess side (pieces)',
  'cm.side.sliding': 'sliding side', 'cm.side.chess': 'chess side',
  'cm.deck': 'Deck', 'cm.fullDeck': 'Full deck', 'cm.oneStar': 'Blitz: 1-star cards (easier)', 'cm.twoStar': 'Blitz: 2-star cards (harder)',
  'cm.deck.full': 'full deck', 'cm.deck.one-star': '1-star cards', 'cm.deck.two-star': '2-star cards',
  'cm.solo': 'Solo run: ten tasks against the clock', 'cm.party': 'Party room: invite friends and bots',
  'cm.how1': 'A card is revealed. Everyone works out, without touching anything, how many moves would make the board show the task. Call out your number: a five-second count starts. Anyone with a lower number may interrupt, once per round, and the count starts again. When a count runs out, its caller proves the number on the board, moving tokens one at a time with no take-backs.',
  'cm.how2': 'Meet the task within your number and the card is yours, face up, worth its stars. Miss it and it is yours face down: a penalty worth -1. Calling 0 when the board already matches wins the card at once. The board stays as it is for the next card. Most points wins; on a tie, fewer penalty cards.',
  'cm.task': 'task', 'cm.taskStars': ({ caption, stars }) => `${caption} ${stars}`,
  'cm.taskCol': 'Task', 'cm.moves': 'Moves', 'cm.minimum': 'Minimum', 'cm.time': 'Time',
  'cm.soloTitle': 'Check Mates solo', 'cm.soloProgress': ({ side, n, total }) => `${side}, task ${n} of ${total}`,
  'cm.soloHelp': 'Click a token, then an empty square (or drag it). The next task appears as soon as the board meets this one.',
  'cm.allTen': ({ time }) => `All ten tasks in ${time}.`, 'cm.again': 'Another run, same settings',
  'cm.partyTitle': 'Check Mates party',
  'cm.partyLine': ({ side, round, left, aside }) => `${side}, round ${round}, ${left} ${plural(left, 'card', 'cards')} left${aside ? `, ${aside} set aside` : ''}`,
  'cm.lobbyLine': ({ side, deck, seats, max }) => `${side}, ${deck}, ${seats} of ${max} seats taken`,
  'cm.invited': ({ name }) => `${name} invites you to a Check Mates party. Take a seat below.`,
  'cm.sendLink': 'Send this link to the players:', 'cm.atTable': 'At the table',
  'cm.bot': ({ level }) => `bot ${level}`, 'cm.host': 'host', 'cm.remove': 'Remove',
  'cm.botLevel': ({ level }) => `Bot level ${level}`, 'cm.botNeverWrong': ({ level }) => `Bot level ${level} (never wrong)`,
  'cm.addBot': 'Add a bot', 'cm.start': 'Start the game', 'cm.takeSeat': 'Take a seat',
  'cm.waitHost': ({ name }) => `Waiting for the host, ${name}, to start.`,
  'cm.seat': ({ seat }) => `Seat ${seat}`,
  'cm.penalties': ({ count }) => `${count} ${plural(count, 'penalty', 'penalties')}`,
  'cm.winners': ({ names }) => (names.length > 1 ? `${list(names)} share the win` : `${names[0]} wins`),
  'cm.player': 'Player', 'cm.score': 'Score', 'cm.stars': 'Stars', 'cm.penaltyCards': 'Penalties',
  'cm.tieRule': 'Ties go to the player with fewer penalty cards; players still level share the win.',
  'cm.says': ({ name, bid }) => `${name} says ${bid}`, 'cm.howMany': 'How many moves?',
  'cm.firstCall': 'The first to call out a number starts a five-second count.',
  'cm.bidOf': ({ name, bid }) => `${name}: ${bid}`,
  'cm.interrupt': 'Interrupt with a lower number:', 'cm.callOut': 'Call out your number:', 'cm.calledOut': 'You have called out this round.',
  'cm.seconds': ({ s }) => `${s} s`,
  'cm.proves': ({ name, bid, moves }) => `${name} proves ${bid}: ${moves} ${plural(moves, 'move', 'moves')} made`,
  'cm.proveHelp': 'Click a token, then an empty square (or drag it). No take-backs.',
  'cm.stop': 'Stop here', 'cm.giveUp': 'Give up', 'cm.watchProof': 'Watch the proof.',
  'cm.setAside': ({ optimum }) => `Nobody called out in time: the card was set aside. The minimum was ${optimum}.`,
  'cm.zeroWon': ({ name, stars }) => `${name} called 0: the board already met the task. The card (${stars}) is theirs.`,
  'cm.met': ({ name, moves, bid, stars, optimum }) => `${name} met the task in ${moves} of ${bid} and takes the card (${stars}). The minimum was ${optimum}.`,
  'cm.missed': ({ name, bid, optimum }) => `${name} missed ${bid}: a penalty card. The minimum was ${optimum}.`,
  'cm.missedZero': ({ name, bid, optimum }) => `${name} missed ${bid} (0 was called but the board did not match): a penalty card. The minimum was ${optimum}.`,
  'cm.bestLine': ({ optimum }) => `A way in ${optimum} ${plural(optimum, 'move', 'moves')}, from the round's start:`,
  'line.start': ({ total }) => `the start, then ${total} ${plural(total, 'move', 'moves')}`,
  'line.step': ({ step, total, move }) => `move ${step} of ${total}: ${move}`,
  'legend.rotate': 'The card may be turned any way, never mirrored. Empty squares of the card ask for nothing.',
  'legend.sliding.b': 'a blue token', 'legend.sliding.r': 'a red token', 'legend.sliding.g': 'a green token',
  'legend.sliding.joker': 'the joker counts as any colour',
  'legend.chess.R': 'a rook, white or black', 'legend.chess.N': 'a knight, white or black', 'legend.chess.Q': 'a queen, white or black',
  'legend.chess.w': 'any white piece', 'legend.chess.bk': 'any black piece', 'legend.chess.joker': 'the king counts as any piece',

  // the solver
  'solver.title': 'Check Mates solver',
  'solver.lead': 'Set up a board and a task by clicking, and see the least number of moves with one optimal solution.',
  'solver.solve': 'Solve', 'solver.edit': 'Edit', 'solver.emptyPen': 'empty (on a task: anything)',
  'solver.boardHelp': 'Board: pick a token, then click squares.', 'solver.taskHelp': 'Task: pick a symbol, then click squares.',
  'solver.board': 'Board', 'solver.task': 'Task', 'solver.boardText': 'The board as text', 'solver.taskText': 'The task as text',
  'solver.unsolvable': 'Unsolvable: no board reachable from this one meets the task in any rotation.',
  'solver.minimum': ({ moves }) => `Minimum: ${moves} ${plural(moves, 'move', 'moves')}`,
  'solver.turned': ({ degrees }) => `(the task turned ${degrees}°)`,
  'solver.step': ({ step, total }) => `move ${step} of ${total}`,

  // The Royal Study
  'royal.lead': 'Five pieces on a 3x3 board. Each card shows a layout; reach it in as few chess moves as you can. The bishop stays on dark squares and the knight never visits the centre.',
  'royal.level': 'Level', 'royal.level1': 'Level 1: reach the card', 'royal.level2': 'Level 2: you may turn the card', 'royal.level3': 'Level 3: turn and mirror',
  'royal.bonus': 'bonus challenge (two cards)', 'royal.solo': 'Solo', 'royal.vsBot': 'Match against the bot', 'royal.vsFriend': 'Match with a friend',
  'royal.how1': 'A card is drawn. The first to announce a number starts the hourglass; before it runs out the opponent may challenge. Unchallenged, the announcer must reach the card within the number; challenged, the challenger must do it in fewer. Whoever succeeds, or whoever the other fails against, scores. The pieces stay where they end; first to six points wins.',
  'royal.how2': 'At level 2 a quarter turn of the card costs one move; at level 3 mirroring it costs one move too. In the bonus challenge two cards are completed in the order you choose.',
  'royal.how3': 'A match may also limit the time of an execution (an optional rule): whoever runs out of it loses the point.',
  'royal.hourglass': 'Hourglass', 'royal.hourglassS': ({ s }) => `Hourglass ${s} s`,
  'royal.execLimit': 'Execution time limit', 'royal.noExecLimit': 'No execution time limit', 'royal.execWithin': ({ s }) => `Execute within ${s} s`,
  'royal.left': ({ time }) => `${time} left`,
  'royal.card': 'card', 'royal.cardN': ({ n }) => `card ${n}`,
  'royal.turnLeft': 'turn left', 'royal.turnRight': 'turn right', 'royal.mirrorLr': 'mirror left-right', 'royal.mirrorTb': 'mirror top-bottom',
  'royal.soloTitle': 'The Royal Study: solo',
  'royal.soloLine': ({ level, card, left }) => `level ${level}, card ${card}, ${left} left in the deck`,
  'royal.doneIn': ({ count }) => `Done in ${count}`, 'royal.best': ({ best, optimum }) => `Your best on this card: ${best}. The optimum is ${optimum}.`,
  'royal.countHelp': 'moves and card actions so far', 'royal.retry': 'Retry from the start', 'royal.nextCard': 'Next card', 'royal.restart': 'Restart this card',
  'royal.bestCol': 'Best', 'royal.cardCol': 'Card', 'royal.attempts': 'Attempts',
  'royal.matchTitle': 'The Royal Study: match', 'royal.waiting': 'Waiting for your opponent. Send them this link:',
  'royal.matchLine': ({ level, bonus, round, target }) => `level ${level}${bonus ? ', bonus challenge' : ''}, round ${round}, first to ${target}`,
  'royal.announces': ({ name, bid }) => `${name} announces ${bid}`,
  'royal.challenge': 'Challenge: I can do it in fewer', 'royal.letThem': 'Let them play', 'royal.sand': 'The opponent may challenge until the sand runs out.',
  'royal.executesWithin': ({ name, bid }) => `${name} executes: must finish within ${bid}`,
  'royal.executesFewer': ({ name, bid }) => `${name} executes: challenged ${bid} and must finish in fewer`,
  'royal.draw': 'A draw', 'royal.wins': ({ name }) => `${name} wins`,
  'royal.point': ({ name, reason, optimum }) => `Point to ${name} (${reason}). The optimum was ${optimum}.`,
  'royal.reason.completed': 'the card was completed as required', 'royal.reason.too_many_moves': 'the executor could not finish within the moves allowed',
  'royal.reason.gave_up': 'the executor gave up', 'royal.reason.out_of_time': 'the execution time ran out',

  // replays
  'replay.link': 'Replay', 'replay.title': ({ game }) => `Replay: ${game}`,
  'replay.players': ({ players }) => list(players),
  'replay.first': 'First step', 'replay.prev': 'Step back', 'replay.next': 'Step forward', 'replay.last': 'Last step',
  'replay.play': 'Play', 'replay.pause': 'Pause', 'replay.copyLink': 'Link to this step',
  'replay.step': ({ step, total }) => `step ${step} of ${total}`,
  'replay.timer': 'time ran out', 'replay.closed': 'the game was closed: every player had left',
  'replay.querniTurn': ({ side, turn }) => `${SIDE[side]}: ${turn}`,
  'replay.chessMove': ({ side, san }) => `${SIDE[side]}: ${san}`,
  'replay.announce': ({ name, bid }) => `${name} announces ${bid}`,
  'replay.cmMove': ({ name, mv }) => `${name} moves ${mv}`, 'replay.soloMove': ({ mv }) => `move ${mv}`,
  'replay.card': ({ card, action }) => `card ${card ?? ''} ${action}`,
  'replay.act.place': ({ side }) => `${SIDE[side]} places a piece`, 'replay.act.unplace': ({ side }) => `${SIDE[side]} takes a piece back`,
  'replay.act.resign': ({ name, side }) => `${name || SIDE[side]} resigns`, 'replay.act.offer_draw': ({ name }) => `${name} offers a draw`,
  'replay.act.offer_takeback': ({ name, side }) => `${name || SIDE[side]} asks for a takeback`,
  'replay.act.accept_takeback': ({ name, side }) => `${name || SIDE[side]} allows the takeback`,
  'replay.act.decline_takeback': ({ name, side }) => `${name || SIDE[side]} refuses the takeback`,
  'replay.act.stop': ({ name }) => `${name} stops`, 'replay.act.give_up': ({ name }) => `${name} gives up`,
  'replay.act.challenge': ({ name }) => `${name} challenges`, 'replay.act.accept': ({ name }) => `${name} lets the announcer play`,
  'replay.act.retry': 'retry from the start', 'replay.act.next': 'next card', 'replay.act.abandon': 'the run is abandoned',
};

const missing = new Set();

/** The message `key` with `args` filled in. */
export function t(key, args = {}) {
  const m = EN[key];
  if (m === undefined) {
    missing.add(key);
    window.tabulaMissingText = [...missing];
    return key;
  }
  return typeof m === 'function' ? m(args) : m;
}

/** Whether a message exists (for tests). */
export function hasText(key) { return EN[key] !== undefined; }

/** The title of a QuickChess variant from its name (`mix:KRN`, `quickchess+blasters`, ...). */
export function variantTitle(id) {
  if (!id) return TITLES.quickchess;
  if (id.endsWith('+blasters')) return `${variantTitle(id.slice(0, -'+blasters'.length))} with Pawn Blasters`;
  if (id.startsWith('mix:')) return `Mix & Match: pawns, ${list([...id.slice(4)].map((c) => MIX[c] || c))}`;
  return TITLES[id] || id;
}

// the long descriptions of the home page's variant list
for (const [id, words] of Object.entries({
  'power-pawns': 'five pawns each; reach the far edge or capture everything',
  'kings-conquest': 'pawns and a king, which can be captured', 'raging-rooks': 'pawns and a rook', bishops: 'pawns and a bishop',
  'mean-queens': 'pawns and a queen', 'rescue-the-queen': 'capture all the pawns; the first to the edge becomes a queen',
  'krazy-knights': 'pawns and a knight', 'mix:KRN': 'pawns, king, rook and knight', 'mix:RBQN': 'pawns, rook, bishop, queen and knight',
  quickchess: 'the full game, box setup; pawns rescue captured pieces', 'quickchess-classic': 'the setup N Q K B R',
  'quickchess-fsf': 'promotion to a queen only', 'pawn-blasters': 'two-square first moves and en passant',
  'quickchess+blasters': 'QuickChess with two-square first moves', 'queens-pro': 'with castling', 'kings-pro': 'with castling',
  blind: 'each side places its pieces unseen', olympics: 'five games in a row, a win 1 point, a draw 1/2', chess: 'the traditional game on 8x8',
})) EN[`variant.${id}.long`] = `${variantTitle(id)}: ${words}`;

/** A game's name from its kind (and QuickChess variant). */
export function gameTitle(kind, variant) {
  switch (kind) {
    case 'checkmates-solo': return 'Check Mates, a solo run';
    case 'checkmates-party': return 'Check Mates party';
    case 'royal-solo': return 'The Royal Study, solo';
    case 'royal-match': return 'The Royal Study, a match';
    case 'querni': return 'Querni';
    case 'querni-local': return 'Querni at one screen';
    case 'quickchess': return t('quickchess.title', { id: variant });
    case 'quickchess-local': return `${t('quickchess.title', { id: variant })} at one screen`;
    default: return kind;
  }
}

/** A chess piece's name from its FEN letter: "white knight". */
export function pieceLabel(letter) {
  const white = letter === letter.toUpperCase();
  return `${white ? 'white' : 'black'} ${PIECE[letter.toLowerCase()]}`;
}

/** A Check Mates token's name. */
export function tokenLabel(side, ch) {
  if (side === 'sliding') return { b: 'blue token', r: 'red token', g: 'green token', j: 'joker' }[ch] || ch;
  if (ch === 'K') return 'king (the joker)';
  return pieceLabel(ch);
}

/** What a task square asks for. */
export function needLabel(side, ch) {
  if (side === 'sliding') return { b: 'needs blue', r: 'needs red', g: 'needs green' }[ch] || ch;
  return { R: 'needs a rook', N: 'needs a knight', Q: 'needs a queen', w: 'needs a white piece', b: 'needs a black piece' }[ch] || ch;
}

/** A Royal Study piece's name. */
export function royalLabel(ch) { return PIECE[ch.toLowerCase()] || ch; }

const TIE_BREAK = {
  deadlock: 'all pawns deadlocked: neither side had a legal move',
  fifty_moves: 'fifty moves without a capture or pawn move', repetition: 'threefold repetition',
};

/** A QuickChess result in words, from the view's `end`; `names` by colour. */
export function chessEnd(end, names) {
  if (!end) return '';
  const who = (c) => `${SIDE[c]} (${names[c]})`;
  const cause = end.tie_break ? ` The tie-break decided: ${TIE_BREAK[end.tie_break]}.` : '';
  if (end.winner) {
    const w = who(end.winner);
    const l = who(end.winner === 'white' ? 'black' : 'white');
    const how = {
      checkmate: `${w} wins by checkmate.`, timeout: `${w} wins on time.`, resignation: `${w} wins: ${l} resigned.`,
      pawn_reached_edge: `${w} wins: a pawn reached the far edge.`, all_pieces_captured: `${w} wins: every opposing piece was captured.`,
      all_pawns_captured: `${w} wins: every opposing pawn was captured.`, tie_break_advanced_pawn: `${w} wins with the most advanced pawn.`,
      tie_break_more_pawns: `${w} wins with more pawns.`,
    }[end.reason] || `${w} wins.`;
    return how + cause;
  }
  if (end.flag) return `Draw: ${who(end.flag)} ran out of time, but ${who(end.flag === 'white' ? 'black' : 'white')} could not have won.`;
  return ({
    stalemate: 'Draw by stalemate.', insufficient_material: 'Draw: neither side can checkmate.', fifty_moves: 'Draw by the fifty-move rule.',
    repetition: 'Draw by threefold repetition.', tie_break_level: 'Draw: the tie-break is level.', agreement: 'Draw by agreement.',
  }[end.reason] || 'Draw.') + cause;
}

/** A Querni result in words, from the view's `end`; `names` by side. */
export function querniEnd(end, names) {
  if (!end || end.result === 'ongoing') return '';
  if (end.result === 'draw') return 'Draw: thirty turns without a removal.';
  const w = `${SIDE[end.winner]} (${names[end.winner]})`;
  const loser = end.winner === 'blue' ? 'red' : 'blue';
  const l = `${SIDE[loser]} (${names[loser]})`;
  const reason = end.reason;
  if (reason === 'all_removed') return `${w} wins: all sixteen pieces removed.`;
  if (reason === 'resigned') return `${w} wins: ${l} resigned.`;
  if (reason === 'timeout') return `${w} wins on time: ${l} ran out of time.`;
  if (reason && reason.stranded) {
    const numbers = [];
    for (let n = 1; n <= 16; n++) if ((reason.stranded.numbers >> n) & 1) numbers.push(n);
    return `${w} wins: ${l}'s removal left ${list(numbers.map(String))} that can never form a chain of three.`;
  }
  return `${w} wins.`;
}

/** A Querni turn in words: "jump c2 → e4, then remove 4 to 6". */
export function querniTurnWords(text) {
  if (text === 'pass') return 'pass';
  const parts = text.split(' ');
  const mv = parts.find((p) => /^[a-j]\d/.test(p));
  const rm = parts.find((p) => p.startsWith('x'));
  const move = mv ? `${mv.includes(':') ? 'jump' : 'step'} ${mv.split(/[-:]/).join(' → ')}` : null;
  const removal = rm ? `remove ${rm.slice(1).replace('-', ' to ')}` : null;
  if (move && removal) return `${move}, then ${removal}`;
  return move || removal;
}
