//! Classes (issue #55), stored once for both databases (every [`Dialect`] is a [`ClassStore`]):
//! classes and who is in them, the accounts teachers made for children, and assignments (what
//! their tasks are judged by is [`super::class_play`]).
//!
//! Progress is read, not kept: a task is judged from the play itself (the puzzles' first
//! tries, the games' results rows, the cards met), read per student since the assignment was
//! given, so nothing a student did can be missed by a counter that was not updated, and a
//! task changed by nobody cannot drift from the play.

use super::StoreError;
use super::sql::{Arg, Dialect, Row, Step, first};

/// A class as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRecord {
    /// Its id (random, in its address).
    pub id: String,
    /// Its name.
    pub name: String,
    /// What the teacher says of it.
    pub description: String,
    /// What a student types to join.
    pub code: String,
    /// The account that made it.
    pub creator: i64,
    /// When.
    pub created: u64,
    /// Whether its students may write to each other in its room.
    pub student_chat: bool,
    /// Whether the accounts made for it may play rated games.
    pub rated_games: bool,
    /// When it was archived, if it was.
    pub archived: Option<u64>,
}

/// A member's part in a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Gives assignments, sees the progress, makes and manages accounts.
    Teacher,
    /// Does the assignments.
    Student,
}

impl Role {
    /// As stored.
    pub fn name(self) -> &'static str {
        match self {
            Role::Teacher => "teacher",
            Role::Student => "student",
        }
    }

    fn parse(s: &str) -> Result<Role, StoreError> {
        match s {
            "teacher" => Ok(Role::Teacher),
            "student" => Ok(Role::Student),
            _ => Err(StoreError::Refused(format!("a class role `{s}`"))),
        }
    }
}

/// Whether a member is in the class now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// In the class.
    Active,
    /// A student who left.
    Left,
    /// Removed by a teacher.
    Removed,
    /// Kept in the records, out of the progress table.
    Archived,
}

impl Standing {
    /// As stored.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Active => "active",
            Standing::Left => "left",
            Standing::Removed => "removed",
            Standing::Archived => "archived",
        }
    }

    fn parse(s: &str) -> Result<Standing, StoreError> {
        match s {
            "active" => Ok(Standing::Active),
            "left" => Ok(Standing::Left),
            "removed" => Ok(Standing::Removed),
            "archived" => Ok(Standing::Archived),
            _ => Err(StoreError::Refused(format!("a class member status `{s}`"))),
        }
    }
}

/// A member of a class.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The account.
    pub account: i64,
    /// Its name.
    pub name: String,
    /// Teacher or student.
    pub role: Role,
    /// In the class or not.
    pub standing: Standing,
    /// When they joined.
    pub joined: u64,
    /// Whether a teacher made the account (a class account).
    pub made: bool,
}

/// An assignment as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct AssignmentRecord {
    /// Its id.
    pub id: String,
    /// The class.
    pub class: String,
    /// The teacher who gave it.
    pub author: i64,
    /// Its title.
    pub title: String,
    /// The tasks, as JSON.
    pub tasks: String,
    /// The students it is for (`None`: the whole class).
    pub students: Option<Vec<i64>>,
    /// When it is due.
    pub due: Option<u64>,
    /// When it was given: play from then on counts.
    pub created: u64,
}

/// Classes, their members and assignments.
#[async_trait::async_trait]
pub trait ClassStore: Send + Sync {
    /// Makes a class with its creator as teacher; `false` when its code is taken.
    async fn create_class(&self, class: &ClassRecord) -> Result<bool, StoreError>;
    /// A class by id.
    async fn class(&self, id: &str) -> Result<Option<ClassRecord>, StoreError>;
    /// A living class by its code (any case).
    async fn class_by_code(&self, code: &str) -> Result<Option<ClassRecord>, StoreError>;
    /// Changes a class's name, description, settings and archive mark.
    async fn update_class(&self, class: &ClassRecord) -> Result<(), StoreError>;
    /// The classes an account is in now, with its role in each, newest first.
    async fn classes_of(&self, account: i64) -> Result<Vec<(ClassRecord, Role)>, StoreError>;
    /// A class's members (every standing), teachers first, then by name.
    async fn members(&self, class: &str) -> Result<Vec<Member>, StoreError>;
    /// An account's role and standing in a class, if it was ever in it.
    async fn membership(
        &self,
        class: &str,
        account: i64,
    ) -> Result<Option<(Role, Standing)>, StoreError>;
    /// Puts an account in a class (again: its role and standing become these).
    async fn put_member(
        &self,
        class: &str,
        account: i64,
        role: Role,
        at: u64,
    ) -> Result<(), StoreError>;
    /// Changes a member's standing; whether they were a member.
    async fn set_standing(
        &self,
        class: &str,
        account: i64,
        standing: Standing,
        at: u64,
    ) -> Result<bool, StoreError>;
    /// Makes a class account (name, password hash) as a student of `class`, made by `teacher`,
    /// in one transaction: its number, or `None` when the name is taken.
    async fn make_class_account(
        &self,
        class: &str,
        teacher: i64,
        name: &str,
        password_hash: &str,
        at: u64,
    ) -> Result<Option<i64>, StoreError>;
    /// The class a teacher made an account in, if a teacher made it.
    async fn made_in(&self, account: i64) -> Result<Option<String>, StoreError>;
    /// Whether two accounts are both in one living class now.
    async fn share_class(&self, a: i64, b: i64) -> Result<bool, StoreError>;
    /// Every account in one of an account's living classes with it now (itself not included).
    async fn classmates(&self, account: i64) -> Result<Vec<i64>, StoreError>;
    /// Whether one of an account's living classes allows its made accounts rated games.
    async fn rated_allowed(&self, account: i64) -> Result<bool, StoreError>;
    /// Stores a new assignment.
    async fn put_assignment(&self, a: &AssignmentRecord) -> Result<(), StoreError>;
    /// Removes an assignment of a class; whether there was one.
    async fn remove_assignment(&self, class: &str, id: &str) -> Result<bool, StoreError>;
    /// A class's assignments, oldest first.
    async fn assignments(&self, class: &str) -> Result<Vec<AssignmentRecord>, StoreError>;
}

const CLASS_COLUMNS: &str = "c.id, c.name, c.description, c.code, c.creator, c.created, \
    c.student_chat, c.rated_games, c.archived";

fn class_row(r: &Row) -> Result<ClassRecord, StoreError> {
    Ok(ClassRecord {
        id: r.text(0)?,
        name: r.text(1)?,
        description: r.text(2)?,
        code: r.text(3)?,
        creator: r.big(4)?,
        created: r.time(5)?,
        student_chat: r.flag(6)?,
        rated_games: r.flag(7)?,
        archived: r.opt_time(8)?,
    })
}

fn assignment_row(r: &Row) -> Result<AssignmentRecord, StoreError> {
    let students = match r.opt_text(5)? {
        Some(s) => Some(serde_json::from_str(&s)?),
        None => None,
    };
    Ok(AssignmentRecord {
        id: r.text(0)?,
        class: r.text(1)?,
        author: r.big(2)?,
        title: r.text(3)?,
        tasks: r.text(4)?,
        students,
        due: r.opt_time(6)?,
        created: r.time(7)?,
    })
}

const MEMBER_INSERT: &str = "INSERT INTO class_members (class, account, role, status, joined, changed) \
    VALUES (?1, ?2, ?3, 'active', ?4, ?4) \
    ON CONFLICT (class, account) DO UPDATE SET role = ?3, status = 'active', changed = ?4";

/// A member's row's values: the class, the account, a role or a standing, and when.
fn member_args(class: &str, account: i64, word: &str, at: u64) -> Vec<Arg> {
    vec![
        Arg::text(class),
        Arg::id(Some(account)),
        Arg::text(word),
        Arg::big(at),
    ]
}

#[async_trait::async_trait]
impl<D: Dialect> ClassStore for D {
    async fn create_class(&self, c: &ClassRecord) -> Result<bool, StoreError> {
        let done = self
            .transaction(vec![
                Step::must_change(
                    "INSERT INTO classes (id, name, description, code, creator, created, \
                     student_chat, rated_games, archived) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL) ON CONFLICT DO NOTHING",
                    vec![
                        Arg::text(&c.id),
                        Arg::text(&c.name),
                        Arg::text(&c.description),
                        Arg::text(&c.code),
                        Arg::id(Some(c.creator)),
                        Arg::big(c.created),
                        Arg::Flag(c.student_chat),
                        Arg::Flag(c.rated_games),
                    ],
                ),
                Step::new(
                    MEMBER_INSERT,
                    member_args(&c.id, c.creator, Role::Teacher.name(), c.created),
                ),
            ])
            .await?;
        Ok(done.is_some())
    }

    async fn class(&self, id: &str) -> Result<Option<ClassRecord>, StoreError> {
        let sql = format!("SELECT {CLASS_COLUMNS} FROM classes c WHERE c.id = ?1");
        first(self, &sql, vec![Arg::text(id)])
            .await?
            .map(|r| class_row(&r))
            .transpose()
    }

    async fn class_by_code(&self, code: &str) -> Result<Option<ClassRecord>, StoreError> {
        let sql = format!(
            "SELECT {CLASS_COLUMNS} FROM classes c WHERE c.code = ?1 AND c.archived IS NULL"
        );
        first(self, &sql, vec![Arg::text(&code.to_uppercase())])
            .await?
            .map(|r| class_row(&r))
            .transpose()
    }

    async fn update_class(&self, c: &ClassRecord) -> Result<(), StoreError> {
        self.exec(
            "UPDATE classes SET name = ?2, description = ?3, student_chat = ?4, \
             rated_games = ?5, archived = ?6 WHERE id = ?1",
            vec![
                Arg::text(&c.id),
                Arg::text(&c.name),
                Arg::text(&c.description),
                Arg::Flag(c.student_chat),
                Arg::Flag(c.rated_games),
                Arg::Big(c.archived.map(|t| t as i64)),
            ],
        )
        .await?;
        Ok(())
    }

    async fn classes_of(&self, account: i64) -> Result<Vec<(ClassRecord, Role)>, StoreError> {
        let sql = format!(
            "SELECT {CLASS_COLUMNS}, m.role FROM class_members m JOIN classes c ON c.id = m.class \
             WHERE m.account = ?1 AND m.status = 'active' ORDER BY c.created DESC, c.id"
        );
        let rows = self.rows(&sql, vec![Arg::id(Some(account))]).await?;
        rows.iter()
            .map(|r| Ok((class_row(r)?, Role::parse(&r.text(9)?)?)))
            .collect()
    }

    async fn members(&self, class: &str) -> Result<Vec<Member>, StoreError> {
        let rows = self
            .rows(
                "SELECT m.account, a.name, m.role, m.status, m.joined, \
                 CASE WHEN k.account IS NULL THEN 0 ELSE 1 END \
                 FROM class_members m JOIN accounts a ON a.id = m.account \
                 LEFT JOIN class_accounts k ON k.account = m.account \
                 WHERE m.class = ?1 AND a.deleted IS NULL \
                 ORDER BY CASE WHEN m.role = 'teacher' THEN 0 ELSE 1 END, a.name_key",
                vec![Arg::text(class)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(Member {
                    account: r.big(0)?,
                    name: r.text(1)?,
                    role: Role::parse(&r.text(2)?)?,
                    standing: Standing::parse(&r.text(3)?)?,
                    joined: r.time(4)?,
                    made: r.big(5)? != 0,
                })
            })
            .collect()
    }

    async fn membership(
        &self,
        class: &str,
        account: i64,
    ) -> Result<Option<(Role, Standing)>, StoreError> {
        let row = first(
            self,
            "SELECT role, status FROM class_members WHERE class = ?1 AND account = ?2",
            vec![Arg::text(class), Arg::id(Some(account))],
        )
        .await?;
        row.map(|r| Ok((Role::parse(&r.text(0)?)?, Standing::parse(&r.text(1)?)?)))
            .transpose()
    }

    async fn put_member(
        &self,
        class: &str,
        account: i64,
        role: Role,
        at: u64,
    ) -> Result<(), StoreError> {
        self.exec(MEMBER_INSERT, member_args(class, account, role.name(), at))
            .await?;
        Ok(())
    }

    async fn set_standing(
        &self,
        class: &str,
        account: i64,
        standing: Standing,
        at: u64,
    ) -> Result<bool, StoreError> {
        let changed = self
            .exec(
                "UPDATE class_members SET status = ?3, changed = ?4 \
                 WHERE class = ?1 AND account = ?2",
                member_args(class, account, standing.name(), at),
            )
            .await?;
        Ok(changed > 0)
    }

    async fn make_class_account(
        &self,
        class: &str,
        teacher: i64,
        name: &str,
        password_hash: &str,
        at: u64,
    ) -> Result<Option<i64>, StoreError> {
        let key = name.to_lowercase();
        let by_key = "(SELECT id FROM accounts WHERE name_key = ?1)";
        let done = self
            .transaction(vec![
                Step::must_change(
                    // CREATE_ACCOUNT without its RETURNING (a step answers a count, not rows)
                    "INSERT INTO accounts (name, name_key, password_hash, created) \
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name_key) DO NOTHING",
                    vec![
                        Arg::text(name),
                        Arg::text(&key),
                        Arg::text(password_hash),
                        Arg::big(at),
                    ],
                ),
                Step::new(
                    &format!(
                        "INSERT INTO class_accounts (account, class, made_by, made) \
                         VALUES ({by_key}, ?2, ?3, ?4)"
                    ),
                    vec![
                        Arg::text(&key),
                        Arg::text(class),
                        Arg::id(Some(teacher)),
                        Arg::big(at),
                    ],
                ),
                Step::new(
                    &format!(
                        "INSERT INTO class_members (class, account, role, status, joined, \
                         changed) VALUES (?2, {by_key}, 'student', 'active', ?3, ?3)"
                    ),
                    vec![Arg::text(&key), Arg::text(class), Arg::big(at)],
                ),
            ])
            .await?;
        if done.is_none() {
            return Ok(None);
        }
        let row = first(
            self,
            "SELECT id FROM accounts WHERE name_key = ?1",
            vec![Arg::text(&key)],
        )
        .await?;
        row.map(|r| r.big(0)).transpose()
    }

    async fn made_in(&self, account: i64) -> Result<Option<String>, StoreError> {
        first(
            self,
            "SELECT class FROM class_accounts WHERE account = ?1",
            vec![Arg::id(Some(account))],
        )
        .await?
        .map(|r| r.text(0))
        .transpose()
    }

    async fn share_class(&self, a: i64, b: i64) -> Result<bool, StoreError> {
        let row = first(
            self,
            "SELECT 1 FROM class_members x \
             JOIN class_members y ON y.class = x.class AND y.account = ?2 AND y.status = 'active' \
             JOIN classes c ON c.id = x.class AND c.archived IS NULL \
             WHERE x.account = ?1 AND x.status = 'active' LIMIT 1",
            vec![Arg::id(Some(a)), Arg::id(Some(b))],
        )
        .await?;
        Ok(row.is_some())
    }

    async fn classmates(&self, account: i64) -> Result<Vec<i64>, StoreError> {
        let rows = self
            .rows(
                "SELECT DISTINCT y.account FROM class_members x \
                 JOIN class_members y ON y.class = x.class AND y.status = 'active' \
                 JOIN classes c ON c.id = x.class AND c.archived IS NULL \
                 WHERE x.account = ?1 AND x.status = 'active' AND y.account <> ?1",
                vec![Arg::id(Some(account))],
            )
            .await?;
        rows.iter().map(|r| r.big(0)).collect()
    }

    async fn rated_allowed(&self, account: i64) -> Result<bool, StoreError> {
        let row = first(
            self,
            "SELECT 1 FROM class_members m JOIN classes c ON c.id = m.class \
             WHERE m.account = ?1 AND m.status = 'active' AND c.archived IS NULL \
             AND c.rated_games LIMIT 1",
            vec![Arg::id(Some(account))],
        )
        .await?;
        Ok(row.is_some())
    }

    async fn put_assignment(&self, a: &AssignmentRecord) -> Result<(), StoreError> {
        let students = a.students.as_ref().map(Arg::json);
        self.exec(
            "INSERT INTO assignments (id, class, author, title, tasks, students, due, created) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            vec![
                Arg::text(&a.id),
                Arg::text(&a.class),
                Arg::id(Some(a.author)),
                Arg::text(&a.title),
                Arg::text(&a.tasks),
                students.unwrap_or(Arg::Text(None)),
                Arg::Big(a.due.map(|t| t as i64)),
                Arg::big(a.created),
            ],
        )
        .await?;
        Ok(())
    }

    async fn remove_assignment(&self, class: &str, id: &str) -> Result<bool, StoreError> {
        let gone = self
            .exec(
                "DELETE FROM assignments WHERE class = ?1 AND id = ?2",
                vec![Arg::text(class), Arg::text(id)],
            )
            .await?;
        Ok(gone > 0)
    }

    async fn assignments(&self, class: &str) -> Result<Vec<AssignmentRecord>, StoreError> {
        let rows = self
            .rows(
                "SELECT id, class, author, title, tasks, students, due, created \
                 FROM assignments WHERE class = ?1 ORDER BY created, id",
                vec![Arg::text(class)],
            )
            .await?;
        rows.iter().map(assignment_row).collect()
    }
}
