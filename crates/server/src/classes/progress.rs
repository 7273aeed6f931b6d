//! The progress of a class's students on its assignments, judged from their play (see
//! [`super::tasks`]): the teacher's table (a row per student, a column per task) and a
//! student's own list.

use super::judge::{Played, Tally};
use super::tasks::Task;
use crate::error::{ApiError, Fault};
use crate::store::Store;
use crate::store::classes::{AssignmentRecord, Member, Role, Standing};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use ts_rs::TS;

/// An assignment as its class sees it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct AssignmentView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// When it is due (ms since the Unix epoch).
    #[ts(type = "number | null")]
    pub due: Option<u64>,
    /// When it was given: play from then on counts.
    #[ts(type = "number")]
    pub created: u64,
    /// Its tasks.
    pub tasks: Vec<Task>,
    /// The students it is for, by name (`null`: the whole class).
    pub students: Option<Vec<String>>,
}

/// A student's tally of one task.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TaskProgress {
    /// The assignment the task is of.
    pub assignment: String,
    /// Whether the assignment is for this student.
    pub assigned: bool,
    /// How far they are.
    #[serde(flatten)]
    pub tally: Tally,
}

/// A row of the table.
#[derive(Clone, Debug, Serialize, TS)]
pub struct StudentProgress {
    /// The student.
    pub username: String,
    /// Whether a teacher made the account.
    pub made: bool,
    /// A tally per task, in the order of the assignments' tasks.
    pub tasks: Vec<TaskProgress>,
}

/// `GET /api/classes/{id}/progress`: the class's assignments and a row per active student.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ClassProgress {
    /// The assignments, oldest first; their tasks, in order, are the columns.
    pub assignments: Vec<AssignmentView>,
    /// A row per student in the class now, by name.
    pub students: Vec<StudentProgress>,
}

/// An assignment as its student sees it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MyAssignment {
    /// The class's id.
    pub class: String,
    /// The class's name.
    pub class_name: String,
    /// The assignment.
    #[serde(flatten)]
    pub assignment: AssignmentView,
    /// A tally per task.
    pub progress: Vec<Tally>,
    /// Whether every task is met.
    pub done: bool,
}

/// `GET /api/me/assignments`: the signed-in student's assignments, open ones first.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MyAssignments {
    /// The assignments, those not done first, then by due date.
    pub assignments: Vec<MyAssignment>,
}

/// The stored tasks of an assignment.
pub fn tasks_of(a: &AssignmentRecord) -> Result<Vec<Task>, ApiError> {
    serde_json::from_str(&a.tasks).map_err(|e| {
        ApiError::Internal(
            Fault::Store,
            format!("assignment {}: stored tasks unreadable: {e}", a.id),
        )
    })
}

/// An assignment with its students' names.
pub fn view(
    a: &AssignmentRecord,
    names: &HashMap<i64, String>,
) -> Result<AssignmentView, ApiError> {
    Ok(AssignmentView {
        id: a.id.clone(),
        title: a.title.clone(),
        due: a.due,
        created: a.created,
        tasks: tasks_of(a)?,
        students: a
            .students
            .as_ref()
            .map(|ids| ids.iter().filter_map(|id| names.get(id).cloned()).collect()),
    })
}

/// Whether an assignment is for an account.
pub fn is_for(a: &AssignmentRecord, account: i64) -> bool {
    a.students.as_ref().is_none_or(|s| s.contains(&account))
}

/// A student's tallies of the given assignments' tasks.
async fn tallies(
    store: &dyn Store,
    account: i64,
    assignments: &[(&AssignmentRecord, Vec<Task>)],
    classmates: &HashSet<i64>,
) -> Result<Vec<Vec<Tally>>, ApiError> {
    let Some(since) = assignments.iter().map(|(a, _)| a.created).min() else {
        return Ok(Vec::new());
    };
    let puzzles = store.solved_puzzles(account, since).await?;
    let games = store.finished_games(account, since).await?;
    let cards = store.card_solves(account, since).await?;
    let played = Played {
        puzzles: &puzzles,
        games: &games,
        cards: &cards,
        classmates,
    };
    Ok(assignments
        .iter()
        .map(|(a, tasks)| tasks.iter().map(|t| t.judge(&played, a.created)).collect())
        .collect())
}

/// The teacher's table of a class whose members are `members`.
pub async fn class_progress(
    store: &dyn Store,
    class: &str,
    members: &[Member],
) -> Result<ClassProgress, ApiError> {
    let records = store.assignments(class).await?;
    let names: HashMap<i64, String> = members
        .iter()
        .map(|m| (m.account, m.name.clone()))
        .collect();
    let with_tasks: Vec<(&AssignmentRecord, Vec<Task>)> = records
        .iter()
        .map(|a| Ok((a, tasks_of(a)?)))
        .collect::<Result<_, ApiError>>()?;
    let active: HashSet<i64> = members
        .iter()
        .filter(|m| m.standing == Standing::Active)
        .map(|m| m.account)
        .collect();
    let mut students = Vec::new();
    for m in members
        .iter()
        .filter(|m| m.role == Role::Student && m.standing == Standing::Active)
    {
        let mut mates = active.clone();
        mates.remove(&m.account);
        let per = tallies(store, m.account, &with_tasks, &mates).await?;
        let tasks = with_tasks
            .iter()
            .zip(per)
            .flat_map(|((a, _), t)| {
                let assigned = is_for(a, m.account);
                t.into_iter().map(move |tally| TaskProgress {
                    assignment: a.id.clone(),
                    assigned,
                    tally,
                })
            })
            .collect();
        students.push(StudentProgress {
            username: m.name.clone(),
            made: m.made,
            tasks,
        });
    }
    Ok(ClassProgress {
        assignments: records
            .iter()
            .map(|a| view(a, &names))
            .collect::<Result<_, _>>()?,
        students,
    })
}

/// A student's own assignments in every class they are in now.
pub async fn my_assignments(store: &dyn Store, account: i64) -> Result<MyAssignments, ApiError> {
    let mut out = Vec::new();
    for (class, role) in store.classes_of(account).await? {
        if role != Role::Student || class.archived.is_some() {
            continue;
        }
        let members = store.members(&class.id).await?;
        let names: HashMap<i64, String> = members
            .iter()
            .map(|m| (m.account, m.name.clone()))
            .collect();
        let mates: HashSet<i64> = members
            .iter()
            .filter(|m| m.standing == Standing::Active && m.account != account)
            .map(|m| m.account)
            .collect();
        let records = store.assignments(&class.id).await?;
        let mine: Vec<(&AssignmentRecord, Vec<Task>)> = records
            .iter()
            .filter(|a| is_for(a, account))
            .map(|a| Ok((a, tasks_of(a)?)))
            .collect::<Result<_, ApiError>>()?;
        let per = tallies(store, account, &mine, &mates).await?;
        for ((a, _), progress) in mine.iter().zip(per) {
            out.push(MyAssignment {
                class: class.id.clone(),
                class_name: class.name.clone(),
                assignment: view(a, &names)?,
                done: progress.iter().all(|t| t.met.is_some()),
                progress,
            });
        }
    }
    out.sort_by_key(|m| {
        (
            m.done,
            m.assignment.due.unwrap_or(u64::MAX),
            m.assignment.created,
        )
    });
    Ok(MyAssignments { assignments: out })
}
