# Klassen (Aufgabe #55): die Gruppe einer Lehrkraft, Kinderkonten, Aufgaben und Fortschritt.
nav-classes = Klassen
classes-title = Klassen
classes-lead = Eine Lehrkraft, ein Verein oder ein Elternteil sammelt Schüler in einer Klasse, gibt Aufgaben in jedem Spiel und sieht, wer nicht weiterkommt. Kinderkonten brauchen keine E-Mail und sind für Fremde geschlossen.
classes-signIn = Melde dich an, um eine Klasse zu erstellen oder beizutreten
classes-none = Du bist noch in keiner Klasse.
classes-youTeach = du unterrichtest
classes-youLearn = du lernst
classes-studentCount = { $count ->
    [one] { $count } Schüler
   *[other] { $count } Schüler
}
classes-archived = archiviert
classes-makeClass = Klasse erstellen
classes-makeClassHelp = Du wirst ihre Lehrkraft. Erstelle dort die Konten deiner Schüler oder gib ihnen den Code der Klasse.
classes-field-name = Name
classes-field-description = Beschreibung (freiwillig)
classes-join = Einer Klasse beitreten
classes-joinCode = Der Code der Klasse, von deiner Lehrkraft
classes-noSuchCode = Keine Klasse hat diesen Code: prüfe ihn mit deiner Lehrkraft.
classes-back = ← Alle Klassen
classes-code = Code zum Beitreten:
classes-codeHelp = Wer ein eigenes Konto hat, tritt mit diesem Code auf der Seite „Klassen“ bei.
classes-students = Schüler
classes-noStudents = Noch keine Schüler.
classes-made = Konto von einer Lehrkraft erstellt
classes-joined = mit dem Code beigetreten
classes-standing-left = ausgetreten
classes-standing-removed = entfernt
classes-standing-archived = archiviert
classes-standing-active = in der Klasse
classes-resetPassword = Neues Passwort
classes-archive = Archivieren
classes-remove = Entfernen
classes-restore = Zurückholen
classes-confirm-password = { $name } ein neues Passwort geben? Das alte gilt sofort nicht mehr.
classes-confirm-archive = { $name } archivieren? Die Zeile verlässt die Tabelle, die Aufzeichnungen bleiben.
classes-confirm-remove = { $name } aus der Klasse entfernen?
classes-confirm-leave = { $name } verlassen?
classes-makeAccounts = Schülerkonten erstellen
classes-makeNames = Namen, einer pro Zeile (3 bis 20 Buchstaben a–z, Ziffern, _ oder -)
classes-makeHelp = Jedes Konto bekommt ein Passwort, das einmal gezeigt wird, auf einer Anmeldekarte zum Drucken. Keine E-Mail nötig, und nur diese Klasse erreicht das Konto.
classes-make = Konten erstellen
classes-cards = Anmeldekarten
classes-cardsOnce = Die Passwörter werden nur jetzt gezeigt: drucke die Karten und teile sie aus. Ein verlorenes ersetzt „Neues Passwort“.
classes-card-site = Seite:
classes-card-name = Name:
classes-card-password = Passwort:
classes-card-how = Öffne die Seite, tippe auf „Anmelden“ und gib Namen und Passwort ein.
classes-printCards = Karten drucken
classes-progress = Fortschritt
classes-student = Schüler
classes-refresh = Aktualisieren
classes-csv = Als CSV herunterladen
classes-minutes = { $minutes } Min.
classes-noAssignments = Noch keine Aufgabe gegeben.
classes-assignments = Aufgaben
classes-noAssignmentsYet = Deine Lehrkraft hat dir in dieser Klasse noch keine Aufgabe gegeben.
classes-newAssignment = Neue Aufgabe
classes-field-title = Titel
classes-field-due = Fällig am (freiwillig)
classes-forWhom = Für wen (niemand angehakt: die ganze Klasse)
classes-field-kind = Teilaufgabe
classes-addTask = Teilaufgabe hinzufügen
classes-removeTask = Teilaufgabe entfernen
classes-give = Aufgabe geben
classes-given = „{ $title }“ ist gegeben.
classes-noTasks = Füge zuerst eine Teilaufgabe hinzu.
classes-kind-puzzles = Rätsel
classes-kind-lesson = Eine Lernpartie gegen den Computer
classes-kind-cards = Karten in ihrem Minimum
classes-kind-learn = Ein Kapitel von „QuickChess lernen“
classes-kind-games = Partien
classes-field-game = Spiel
classes-field-count = Wie viele
classes-field-theme = Thema
classes-anyTheme = Jedes Thema
classes-field-ratingMin = Wertung ab (freiwillig)
classes-field-ratingMax = Wertung bis (freiwillig)
classes-field-lesson = Lernpartie
classes-field-goal = Ziel
classes-goal-draw = Remis halten
classes-goal-win = Gewinnen
classes-field-level = Stufe des Computers
classes-field-fen = Aus einer Stellung (FEN, freiwillig)
classes-field-levelAtLeast = Stufe des Computers, mindestens (freiwillig)
classes-field-difficulty = Wenigste Züge
classes-field-chapter = Kapitel
classes-field-against = Gegen
classes-against-computer = den Computer
classes-against-classmate = einen Mitschüler
classes-game-quickchess = QuickChess
classes-game-querni = Querni
classes-game-checkmates = Drei mal Drei
classes-game-royal = The Royal Study
classes-game-checkmates-party = Drei mal Drei (Runde)
classes-game-royal-match = The Royal Study (Match)
classes-task-puzzles = { $count } { $game }-Rätsel lösen
classes-task-rating = mit Wertung { $min } bis { $max }
classes-task-set = { $count } von der Lehrkraft gewählt
classes-task-lessonDraw = { $variant }: Remis gegen den Computer auf Stufe { $level } halten
classes-task-lessonWin = { $variant }: gegen den Computer auf Stufe { $level } gewinnen
classes-task-fromPosition = aus einer gegebenen Stellung
classes-task-cards = { $count } { $game }-Karten mit { $moves } Zügen in { $moves } Zügen lösen
classes-task-learn = „QuickChess lernen“, Kapitel { $chapter }: { $title }
classes-task-gamesComputer = { $count ->
    [one] Eine Partie
   *[other] { $count } Partien
} { $game } gegen den Computer spielen
classes-task-gamesClassmate = { $count ->
    [one] Eine Partie
   *[other] { $count } Partien
} { $game } gegen einen Mitschüler spielen
classes-task-level = Stufe { $level } oder höher
classes-met = erledigt
classes-doneOf = { $done } von { $of }
classes-due = fällig am { $date }
classes-noDue = ohne Termin
classes-yourAssignments = Deine Aufgaben
classes-all = Alle deine Klassen
classes-news = Neuigkeiten der Lehrkräfte
classes-room = Der Raum der Schüler
classes-teachers = Lehrkräfte:
classes-leave = Klasse verlassen
classes-settings = Einstellungen
classes-setting-student_chat = Schüler dürfen sich im Raum der Schüler schreiben
classes-setting-rated_games = Konten dieser Klasse dürfen gewertete Partien spielen
classes-coTeacher = Name einer weiteren Lehrkraft
classes-addTeacher = Als Lehrkraft hinzufügen
classes-archiveClass = Klasse archivieren
classes-unarchiveClass = Klasse zurückholen
classes-bell = { $count ->
    [one] eine neue Aufgabe
   *[other] { $count } neue Aufgaben
}
cause-class_account = Das Konto gehört zu einer Klasse: nur Mitschüler und Lehrkräfte erreichen es.
cause-teachers_only = Das tun nur die Lehrkräfte der Klasse.
cause-class_members_only = Das sehen nur die Mitglieder der Klasse.
cause-class_unrated = Ein Klassenkonto spielt gewertete Partien nur, wenn die Lehrkraft es erlaubt.
cause-student_chat_off = Der Raum der Schüler ist geschlossen: die Lehrkraft hat ihn nicht geöffnet.
cause-no_class = Diese Klasse gibt es nicht: prüfe den Code mit deiner Lehrkraft.
cause-class_member = Du bist schon in dieser Klasse.
cause-not_class_account = Dieses Konto hat der Schüler selbst erstellt: nur er ändert sein Passwort.
cause-last_teacher = Du bist die einzige Lehrkraft der Klasse: füge eine weitere hinzu oder archiviere die Klasse.
classes-theirGames = Die Partien, mit den Analysen
classes-puzzleTries = Rätselversuche
classes-solved = gelöst
classes-missed = verfehlt
classes-noTries = Noch kein Rätsel versucht.
classes-field-set = Nur diese Rätsel (Kennungen, freiwillig)
classes-unassign = Aufgabe entfernen
classes-confirm-unassign = „{ $title }“ entfernen? Ihre Teilaufgaben verlassen die Tabelle und die Listen der Schüler.
classes-taskCount = { $count ->
    [one] eine Teilaufgabe
   *[other] { $count } Teilaufgaben
}
classes-save = Speichern
