# The Royal Study: its page, the solo run and the match.

royal-lead = Five pieces on a 3x3 board. Each card shows a layout; reach it in as few chess moves as you can. The bishop stays on dark squares and the knight never visits the centre.
royal-level = Level
royal-level-1 = Level 1: reach the card
royal-level-2 = Level 2: you may turn the card
royal-level-3 = Level 3: turn and mirror
royal-bonus = bonus challenge (two cards)
royal-solo = Solo
royal-vsBot = Match against the computer
royal-vsFriend = Match with a friend
royal-how1 = A card is drawn. The first to announce a number starts the hourglass; before it runs out the opponent may challenge. Unchallenged, the announcer must reach the card within the number; challenged, the challenger must do it in fewer. Whoever succeeds, or whoever the other fails against, scores. The pieces stay where they end; first to six points wins.
royal-how2 = At level 2 a quarter turn of the card costs one move; at level 3 mirroring it costs one move too. In the bonus challenge two cards are completed in the order you choose.
royal-how3 = A match may also limit the time of an execution (an optional rule): whoever runs out of it loses the point.
royal-hourglass = Hourglass
royal-execLimit = Execution time limit
royal-noExecLimit = No execution time limit
royal-card = card
royal-turnLeft = turn left
royal-turnRight = turn right
royal-mirrorLr = mirror left-right
royal-mirrorTb = mirror top-bottom
royal-soloTitle = The Royal Study: solo
royal-countHelp = moves and card actions so far
royal-retry = Retry from the start
royal-nextCard = Next card
royal-restart = Restart this card
royal-bestCol = Best
royal-cardCol = Card
royal-attempts = Attempts
royal-matchTitle = The Royal Study: match
royal-waiting = Waiting for your opponent. Send them this link:
royal-challenge = Challenge: I can do it in fewer
royal-letThem = Let them play
royal-sand = The opponent may challenge until the sand runs out.
royal-draw = A draw
royal-reason-completed = the card was completed as required
royal-reason-too_many_moves = the executor could not finish within the moves allowed
royal-reason-gave_up = the executor gave up
royal-reason-out_of_time = the execution time ran out
royal-hourglassS = Hourglass { $s } s
royal-execWithin = Execute within { $s } s
royal-left = { $time } left
royal-cardN = card { $n }
royal-soloLine = level { $level }, card { $card }, { $left } left in the deck
royal-doneIn = Done in { $count }
royal-best = Your best on this card: { $best }. The optimum is { $optimum }.
royal-matchLine = level { $level }{ $bonus ->
    [yes] , bonus challenge
   *[no] {""}
  }, round { $round }, first to { $target }
royal-announces = { $name } announces { $bid }
royal-executesWithin = { $name } executes: must finish within { $bid }
royal-executesFewer = { $name } executes: challenged { $bid } and must finish in fewer
royal-wins = { $name } wins
royal-point = Point to { $name } ({ $reason }). The optimum was { $optimum }.
royal-asideIn = If nobody announces, the card is set aside in { $time }.
royal-setAside = Nobody announced in time: the card was set aside, unscored.
