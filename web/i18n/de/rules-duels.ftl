# Die Regelseiten der Duelle: Querni und QuickChess.

## Querni
rules-querni-aim = Das Spiel
rules-querni-aim1 = Querni ist ein Duell auf einem Brett aus 10 Linien (a bis j) und 7 Reihen. Blau und Rot haben je sechzehn Steine mit den Zahlen 1 bis 16; Blau beginnt. Wer alle eigenen Steine vom Brett räumt, gewinnt.
rules-querni-setup = Die Spielregel spricht von einer festen Aufstellung, zeigt sie aber nicht: Bei Tabula steht Blau auf b1 bis i1 und b2 bis i2, Rot auf b6 bis i6 und b7 bis i7, und die Zahlen jeder Seite werden nach einem festgehaltenen Startwert auf ihre sechzehn Felder gemischt.
rules-querni-setupCaption = Eine Aufstellung: Blau unten, Rot oben.
rules-querni-turnTitle = Ein Zug
rules-querni-turn = In deinem Zug bewegst du einen Stein, oder du räumst eine Kette ab, oder du bewegst und räumst dann ab, oder du passt. Wer weder ziehen noch abräumen kann, passt automatisch.
rules-querni-step = Ein Schritt bringt einen deiner Steine auf eines der acht benachbarten leeren Felder.
rules-querni-jump = Ein Sprung geht über einen benachbarten Stein beliebiger Farbe in gerader Linie auf das leere Feld direkt dahinter; Sprünge dürfen aufeinander folgen und die Richtung wechseln. Die Spielregel verbietet, zweimal auf demselben Feld zu landen: Tabula versteht das so, dass ein Stein nie auf einem Feld landet, auf dem er in diesem Zug schon stand, das Startfeld eingeschlossen. Schritt und Sprünge werden in einem Zug nie gemischt.
rules-querni-jumpCaption = Blau 7 springt über Rot 3 nach d4, dann über Blau 12 nach d6.
rules-querni-chainTitle = Ketten
rules-querni-chain = Eine Kette sind drei oder mehr deiner Steine mit aufeinanderfolgenden Zahlen, von denen jeder neben dem Stein mit der um eins kleineren Zahl steht (in einer der acht Richtungen). Nach dem Ziehen oder stattdessen darfst du eine Kette vom Brett räumen.
rules-querni-chainCaption = Blau 4, 5 und 6 bilden eine Kette: Jeder Stein berührt die Zahl davor.
rules-querni-partial = Du darfst auch einen Teil einer längeren Kette abräumen, solange es mindestens drei aufeinanderfolgende Zahlen sind, und eine Kette muss nicht im Zug ihres Entstehens abgeräumt werden. Ein Abräumen pro Zug.
rules-querni-endTitle = Das Ende
rules-querni-win = Räum alle sechzehn eigenen Steine ab, und du gewinnst.
rules-querni-strand = Wer so abräumt, dass eigene verbleibende Steine in einer Folge aufeinanderfolgender Zahlen kürzer als drei stehen, verliert sofort, denn diese Steine könnten nie mehr abgeräumt werden. So liest Tabula die Spielregel, die von „vereinzelten Steinen, die keine Kette mehr bilden können“ spricht.
rules-querni-draw = Dreißig Züge in Folge ohne Abräumen sind remis; der Zug jedes Spielers zählt als einer.
rules-querni-pass = Partien mit Uhr: Wem die Zeit ausgeht, der verliert; ein automatisches Passen kostet keine Zeit.

## QuickChess
rules-qc-aim = Das Spiel
rules-qc-aim1 = QuickChess ist Schach auf einem Brett aus 5 Linien (a bis e) und 6 Reihen, Figur für Figur gelernt. Weiß beginnt; die Figuren ziehen wie im Schach und schlagen, indem sie den Platz der geschlagenen Figur einnehmen; nur der Springer springt.
rules-qc-boxCaption = Volles QuickChess, die Aufstellung von der Schachtel.
rules-qc-box = Die Quellen zeigen zwei spiegelbildliche Aufstellungen: Tabula nimmt die spätere von der Schachtel (Turm, Läufer, König, Dame, Springer ab a1); die ältere gibt es als „QuickChess, die ältere Aufstellung“.
rules-qc-pawns = Bauern ziehen ein Feld vorwärts, nie zwei, und schlagen ein Feld diagonal vorwärts; en passant gibt es nicht.
rules-qc-lessonsTitle = Die Lernpartien (Schachteln 2 bis 8)
rules-qc-lessons = Jede Lernpartie fügt den Bauern eine Figur hinzu: „Starke Bauern“ (nur Bauern), „Königsfeldzug“ (ein König), „Wilde Türme“, „Läufer“, „Fiese Damen“, „Verrückte Springer“ und „Bunt gemischt“ für Kombinationen. Schach gibt es nicht: Es gewinnt, wer einen Bauern auf den anderen Rand bringt oder alle gegnerischen Figuren schlägt, Bauern eingeschlossen.
rules-qc-lessonSetups = Die Diagramme der Lernaufstellungen fehlen im Heft: Tabula stellt die Bauern und die genannten Figuren auf ihre Felder der Schachtel-Aufstellung.
rules-qc-powerPawnsCaption = „Starke Bauern“: je fünf Bauern.
rules-qc-ragingRooksCaption = „Wilde Türme“: die Bauern und ein Turm.
rules-qc-kings = In den Lernpartien kann der König wie jede Figur geschlagen werden, und ein König darf nie neben den anderen König ziehen.
rules-qc-rescueQueen = „Rettet die Dame“: Die Damen warten neben dem Brett. Ein Bauer am anderen Rand gewinnt nicht: Der erste wird zur Dame seiner Seite, spätere zu jeder Figur außer Bauer und König. Ziel ist, alle gegnerischen Bauern zu schlagen.
rules-qc-tieBreak = Sind alle Bauern blockiert (kein Bauer einer Seite kann ziehen oder schlagen, und keine andere Figur kann das ändern), gewinnt die Seite, deren am weitesten vorgerückter Bauer seinem Ziel näher ist; sonst die Seite mit mehr Bauern; sonst ist es remis. Tabula zählt auch dreifache Stellungswiederholung und fünfzig Züge ohne Schlagen oder Bauernzug als Blockade.
rules-qc-pass = Eine Seite ohne legalen Zug, während die andere noch einen hat, setzt aus, und die Partie geht weiter; kann keine Seite ziehen, entscheidet die Wertung. (Früher entschied sie sofort, was eine Partie für eine Seite beenden konnte, deren freier Bauer noch lief.)
rules-qc-fullTitle = Volles QuickChess (Schachtel 9)
rules-qc-full = Schachmatt gewinnt, Schach gilt wie im Schach. Es gibt keine Rochade und keinen Doppelschritt.
rules-qc-rescue = Ein Bauer auf der letzten Reihe rettet eine geschlagene Figur seiner Seite (Dame, Turm, Läufer oder Springer: der Spieler wählt unter den geschlagenen), die seinen Platz einnimmt; ist keine geschlagen, wird er ein Prinz, der wie eine Dame zieht. Tabula ermittelt die geschlagenen Figuren als die Anfangsfiguren ohne die auf dem Brett.
rules-qc-rescueCaption = Der Bauer auf e5 zieht nach e6 und rettet eine verlorene Figur.
rules-qc-draws = Patt, dreifache Stellungswiederholung, fünfzig Züge ohne Schlagen oder Bauernzug und zu wenig Material zum Mattsetzen sind remis, wie im Schach.
rules-qc-advancedTitle = Für Fortgeschrittene (Schachteln 10 bis 12)
rules-qc-blasters = „Bauernsprint“, eine Option für jedes 5x6-Spiel: Ein Bauer auf seiner Startreihe darf zwei Felder vorrücken, wenn beide leer sind, und en passant ist erlaubt wie im Schach.
rules-qc-pro = Die Profi-Aufstellungen am Damen- und am Königsflügel, mit Rochade: Die Diagramme des Hefts fehlen, daher nimmt Tabula die Linien a bis e eines Schachbretts (Damenflügel) und ihr Spiegelbild (Königsflügel). Rochiert wird wie im Schach: Weder König noch Turm haben gezogen, die Felder dazwischen sind leer, und der König steht nicht im Schach, überquert kein angegriffenes Feld und landet auf keinem.
rules-qc-blind = Verdecktes QuickChess: Jeder stellt König, Dame, Turm, Läufer, Springer und fünf Bauern ungesehen auf beliebige Felder seiner drei Reihen; dann werden beide aufgedeckt, und ein Münzwurf entscheidet, wer beginnt. Tabula erlaubt Bauern jedes dieser Felder; ist nach dem Aufdecken ein König angegriffen, beginnt seine Seite, sind es beide, stellen beide neu auf.
rules-qc-olympics = QuickChess-Olympiade: fünf Partien hintereinander („Rettet die Dame“ mit Bauernsprint, QuickChess, Profi-Aufstellung am Königsflügel, dann am Damenflügel, verdecktes QuickChess); ein Sieg zählt 1, ein Remis 1/2, die meisten Punkte gewinnen.
rules-qc-chess = Und am Ende des Wegs Schach auf 8x8 nach den FIDE-Regeln.
rules-qc-clocksTitle = Uhren
rules-qc-clocks = Partien können mit Uhr gespielt werden: eine Zeit für die Partie und Sekunden, die nach jedem Zug hinzukommen. Wem die Zeit ausgeht, der verliert, es sei denn, der Gegner hat nur noch den König – dann ist es remis.
