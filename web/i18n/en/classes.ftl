# Classes (issue #55): a teacher's group, children's accounts, assignments and their progress.
nav-classes = Classes
classes-title = Classes
classes-lead = A teacher, a club or a parent gathers students in a class, hands out work in every game and sees who is stuck. Children's accounts need no e-mail and are closed to strangers.
classes-signIn = Sign in to make or join a class
classes-none = You are in no class yet.
classes-youTeach = you teach
classes-youLearn = you learn
classes-studentCount = { $count ->
    [one] { $count } student
   *[other] { $count } students
}
classes-archived = archived
classes-makeClass = Make a class
classes-makeClassHelp = You become its teacher. Make your students' accounts there, or give them the class's code.
classes-field-name = Name
classes-field-description = Description (optional)
classes-join = Join a class
classes-joinCode = The class's code, from your teacher
classes-noSuchCode = No class has this code: check it with your teacher.
classes-back = ← All classes
classes-code = Code to join:
classes-codeHelp = A student with an account of their own joins with this code on the Classes page.
classes-students = Students
classes-noStudents = No students yet.
classes-made = account made by a teacher
classes-joined = joined with the code
classes-standing-left = left
classes-standing-removed = removed
classes-standing-archived = archived
classes-standing-active = in the class
classes-resetPassword = New password
classes-archive = Archive
classes-remove = Remove
classes-restore = Bring back
classes-confirm-password = Give { $name } a new password? The old one stops working at once.
classes-confirm-archive = Archive { $name }? They leave the progress table; their records stay.
classes-confirm-remove = Remove { $name } from the class?
classes-confirm-leave = Leave { $name }?
classes-makeAccounts = Make students' accounts
classes-makeNames = Names, one a line (3 to 20 letters, digits, _ or -)
classes-makeHelp = Each account gets a password shown once, on a log-in card to print. No e-mail is needed, and only this class can reach the account.
classes-make = Make the accounts
classes-cards = Log-in cards
classes-cardsOnce = The passwords are shown this once: print the cards now and hand them out. A lost one is replaced with "New password".
classes-card-site = Site:
classes-card-name = Name:
classes-card-password = Password:
classes-card-how = Open the site, press "Sign in" and type your name and password.
classes-printCards = Print the cards
classes-progress = Progress
classes-student = Student
classes-refresh = Refresh
classes-csv = Download as CSV
classes-minutes = { $minutes } min
classes-noAssignments = No assignment given yet.
classes-assignments = Assignments
classes-noAssignmentsYet = Your teacher has given you no assignment in this class yet.
classes-newAssignment = New assignment
classes-field-title = Title
classes-field-due = Due (optional)
classes-forWhom = For whom (none ticked: the whole class)
classes-field-kind = Task
classes-addTask = Add the task
classes-removeTask = Remove the task
classes-give = Give the assignment
classes-given = "{ $title }" is given.
classes-noTasks = Add a task first.
classes-kind-puzzles = Puzzles
classes-kind-lesson = A lesson game against the computer
classes-kind-cards = Cards in their minimum
classes-kind-learn = A chapter of Learn QuickChess
classes-kind-games = Games
classes-field-game = Game
classes-field-count = How many
classes-field-theme = Theme
classes-anyTheme = Any theme
classes-field-ratingMin = Rating from (optional)
classes-field-ratingMax = Rating to (optional)
classes-field-lesson = Lesson game
classes-field-goal = Goal
classes-goal-draw = Hold the draw
classes-goal-win = Win
classes-field-level = Computer's level
classes-field-fen = From a position (FEN, optional)
classes-field-levelAtLeast = Computer's level, at least (optional)
classes-field-difficulty = Fewest moves
classes-field-chapter = Chapter
classes-field-against = Against
classes-against-computer = the computer
classes-against-classmate = a classmate
classes-game-quickchess = QuickChess
classes-game-querni = Querni
classes-game-checkmates = Check Mates
classes-game-royal = The Royal Study
classes-game-checkmates-party = Check Mates (party)
classes-game-royal-match = The Royal Study (match)
classes-task-puzzles = Solve { $count ->
    [one] one { $game } puzzle
   *[other] { $count } { $game } puzzles
}
classes-task-rating = rated { $min } to { $max }
classes-task-set = { $count } picked by the teacher
classes-task-lessonDraw = { $variant }: hold the draw against the computer at level { $level }
classes-task-lessonWin = { $variant }: win against the computer at level { $level }
classes-task-fromPosition = from a given position
classes-task-cards = Solve { $count ->
    [one] one { $game } card
   *[other] { $count } { $game } cards
} of { $moves } moves in { $moves } moves
classes-task-learn = Learn QuickChess, chapter { $chapter }: { $title }
classes-task-gamesComputer = Play { $count ->
    [one] one game
   *[other] { $count } games
} of { $game } against the computer
classes-task-gamesClassmate = Play { $count ->
    [one] one game
   *[other] { $count } games
} of { $game } against a classmate
classes-task-level = level { $level } or higher
classes-met = done
classes-doneOf = { $done } of { $of }
classes-due = due { $date }
classes-noDue = no due date
classes-yourAssignments = Your assignments
classes-all = All your classes
classes-news = News from the teachers
classes-room = The students' room
classes-teachers = Teachers:
classes-leave = Leave the class
classes-settings = Settings
classes-setting-student_chat = Students may write to each other in the students' room
classes-setting-rated_games = Accounts made for this class may play rated games
classes-coTeacher = A co-teacher's name
classes-addTeacher = Add as teacher
classes-archiveClass = Archive the class
classes-unarchiveClass = Bring the class back
classes-bell = { $count ->
    [one] a new assignment
   *[other] { $count } new assignments
}
cause-class_account = This player's account belongs to a class: only its classmates and teachers reach it.
cause-teachers_only = Only the class's teachers do this.
cause-class_members_only = Only the class's members see this.
cause-class_unrated = A class account plays rated games only when its teacher allows them.
cause-student_chat_off = The students' room is closed: the teacher has not opened it.
cause-no_class = There is no such class: check the code with your teacher.
cause-class_member = You are in this class already.
cause-not_class_account = This student made their own account: only they change its password.
cause-last_teacher = You are the class's only teacher: add another, or archive the class.
classes-theirGames = Their games, with the reviews
classes-puzzleTries = Puzzle tries
classes-solved = solved
classes-missed = missed
classes-noTries = No puzzle tried yet.
classes-field-set = Only these puzzles (ids, optional)
classes-unassign = Remove the assignment
classes-confirm-unassign = Remove "{ $title }"? Its tasks leave the table and the students' lists.
classes-taskCount = { $count ->
    [one] one task
   *[other] { $count } tasks
}
classes-save = Save
