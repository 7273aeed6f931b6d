//! A class's work over HTTP (issue #55): assignments given, the progress table (JSON and CSV)
//! for its teachers, a student's own assignments, and the class's two rooms (the teachers'
//! news, and the students' room when the teacher opens it).

use super::classes::me;
use super::{AppState, Body, ClientIp};
use crate::chat::{self, ChatView, Room};
use crate::classes::progress::{self, ClassProgress, MyAssignments};
use crate::classes::tasks::Task;
use crate::classes::{self, InClass, MAX_TASKS, MAX_TITLE};
use crate::error::{ApiError, Denied, Invalid, Missing};
use crate::ids::{now_ms, random_hex};
use crate::store::classes::{AssignmentRecord, Role, Standing};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

super::contract::json_routes! {
    post "/api/classes/{id}/assignments" => assign(NewAssignment) -> AssignmentMade;
    post "/api/classes/{id}/assignments/{assignment}/remove" => unassign -> AssignmentMade;
    get "/api/classes/{id}/progress" => progress_table -> ClassProgress;
    get "/api/me/assignments" => my_assignments -> MyAssignments;
    get "/api/classes/{id}/students/{name}/puzzles" => student_puzzles -> StudentPuzzles;
    // news or students
    get "/api/classes/{id}/rooms/{room}" => read_room -> ChatView;
    post "/api/classes/{id}/rooms/{room}" => write_room(RoomMessage) -> RoomWritten;
}

/// The routes that answer other than JSON.
pub(super) fn routes() -> axum::Router<AppState> {
    axum::Router::new().route(
        "/api/classes/{id}/progress.csv",
        axum::routing::get(progress_csv),
    )
}

/// An assignment to give.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewAssignment {
    /// Its title.
    pub title: String,
    /// When it is due (ms since the Unix epoch).
    #[serde(default)]
    #[ts(optional = nullable, type = "number")]
    pub due: Option<u64>,
    /// Its tasks (1 to 20).
    pub tasks: Vec<Task>,
    /// The students it is for, by name (none: the whole class).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub students: Option<Vec<String>>,
}

/// An assignment given.
#[derive(Serialize, TS)]
pub struct AssignmentMade {
    /// Its id.
    pub id: String,
}

/// A message for a class's room.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RoomMessage {
    /// Up to 300 characters, shown as text.
    pub text: String,
}

/// A message written.
#[derive(Serialize, TS)]
pub struct RoomWritten {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
}

/// A puzzle a student tried, as the teacher sees it.
#[derive(Serialize, TS)]
pub struct TriedPuzzle {
    /// The puzzle's id.
    pub puzzle: String,
    /// `quickchess` or `querni`.
    pub game: String,
    /// Its themes.
    pub themes: Vec<String>,
    /// Its rating now.
    pub rating: f64,
    /// Whether the student solved it.
    pub solved: bool,
    /// When.
    #[ts(type = "number")]
    pub at: u64,
}

/// `GET /api/classes/{id}/students/{name}/puzzles`: a student's latest puzzle tries.
#[derive(Serialize, TS)]
pub struct StudentPuzzles {
    /// The student.
    pub username: String,
    /// Their first rated tries, newest first (at most 100).
    pub tries: Vec<TriedPuzzle>,
}

/// Which messages to read.
#[derive(Deserialize)]
struct After {
    #[serde(default)]
    after: i64,
}

async fn assign(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(body): Body<NewAssignment>,
) -> Result<Json<AssignmentMade>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = &state.hub.store;
    let class = classes::taught(store.as_ref(), &id, me.id).await?;
    let title = crate::text::written(
        &body.title,
        "title",
        MAX_TITLE,
        crate::text::Flagged::Refused,
    )?;
    if body.tasks.is_empty() || body.tasks.len() > MAX_TASKS {
        return Err(ApiError::BadInput(
            Invalid::Input,
            format!("tasks: 1 to {MAX_TASKS}, not {}", body.tasks.len()),
        ));
    }
    let tasks = body
        .tasks
        .into_iter()
        .enumerate()
        .map(|(i, t)| t.checked(&format!("tasks[{i}]")))
        .collect::<Result<Vec<Task>, ApiError>>()?;
    let now = now_ms();
    if let Some(due) = body.due
        && due <= now
    {
        return Err(ApiError::BadInput(
            Invalid::Input,
            "due: a time to come (ms since the Unix epoch)".into(),
        ));
    }
    let students = match body.students {
        None => None,
        Some(names) => {
            let members = store.members(&class.id).await?;
            let mut ids = Vec::new();
            for (i, name) in names.iter().enumerate() {
                let m = members
                    .iter()
                    .find(|m| {
                        m.role == Role::Student
                            && m.standing == Standing::Active
                            && m.name.eq_ignore_ascii_case(name.trim())
                    })
                    .ok_or_else(|| {
                        ApiError::BadInput(
                            Invalid::Input,
                            format!("students[{i}]: `{name}` is no student of this class"),
                        )
                    })?;
                ids.push(m.account);
            }
            if ids.is_empty() {
                return Err(ApiError::BadInput(
                    Invalid::Input,
                    "students: name one at least, or leave it out for the whole class".into(),
                ));
            }
            Some(ids)
        }
    };
    let record = AssignmentRecord {
        id: random_hex(6),
        class: class.id,
        author: me.id,
        title,
        tasks: serde_json::to_string(&tasks).map_err(|e| {
            ApiError::Internal(crate::error::Fault::Encoding, format!("tasks: {e}"))
        })?,
        students,
        due: body.due,
        created: now,
    };
    store.put_assignment(&record).await?;
    // the students' bells ring (on every node): the assignment is in their list
    let members = store.members(&record.class).await?;
    let rung = members
        .into_iter()
        .filter(|m| m.role == Role::Student && m.standing == Standing::Active)
        .filter(|m| progress::is_for(&record, m.account))
        .map(|m| m.name)
        .collect::<Vec<_>>();
    if !rung.is_empty() {
        state.hub.lobby.ring(rung);
    }
    Ok(Json(AssignmentMade { id: record.id }))
}

/// Removes an assignment (a teacher's mistake, or work no longer wanted): its tasks leave the
/// table and the students' lists; the play that met them stays the students' own.
async fn unassign(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, assignment)): Path<(String, String)>,
) -> Result<Json<AssignmentMade>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = state.hub.store.as_ref();
    let class = classes::taught(store, &id, me.id).await?;
    if !store.remove_assignment(&class.id, &assignment).await? {
        return Err(ApiError::NotFound(
            Missing::Assignment,
            format!(
                "no assignment `{}` in this class",
                assignment.chars().take(20).collect::<String>()
            ),
        ));
    }
    Ok(Json(AssignmentMade { id: assignment }))
}

async fn progress_table(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ClassProgress>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = state.hub.store.as_ref();
    let class = classes::taught(store, &id, me.id).await?;
    let members = store.members(&class.id).await?;
    Ok(Json(
        progress::class_progress(store, &class.id, &members).await?,
    ))
}

/// A CSV field: quoted when it holds a comma, a quote or a line break; a leading `=`, `+`,
/// `-` or `@` is prefixed with `'` so a spreadsheet does not run a student's name as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// A task's column heading.
fn heading(title: &str, index: usize, task: &Task) -> String {
    let what = match task {
        Task::Puzzles { game, count, .. } => format!("{count} {} puzzles", game.name()),
        Task::Lesson {
            variant,
            goal,
            level,
            ..
        } => format!("{variant} {goal:?} at level {level}").to_lowercase(),
        Task::Cards {
            game,
            difficulty,
            count,
        } => {
            format!("{count} {} cards of {difficulty}", game.name())
        }
        Task::Learn { chapter } => format!("learn chapter {chapter}"),
        Task::Games {
            game,
            count,
            against,
            ..
        } => format!("{count} {game} games v {against:?}").to_lowercase(),
    };
    format!("{title} #{}: {what}", index + 1)
}

/// The progress table as CSV: a row per student, for each task its done/of, minutes spent
/// and when it was met (UTC).
async fn progress_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let Json(table) = progress_table(State(state), headers, Path(id.clone())).await?;
    let mut out = String::from("student");
    for a in &table.assignments {
        for (i, t) in a.tasks.iter().enumerate() {
            let h = heading(&a.title, i, t);
            for part in ["done", "minutes", "met"] {
                out.push(',');
                out.push_str(&csv_field(&format!("{h} ({part})")));
            }
        }
    }
    out.push_str("\r\n");
    for s in &table.students {
        out.push_str(&csv_field(&s.username));
        for t in &s.tasks {
            let met = t.tally.met.map(utc_minute).unwrap_or_default();
            let shown = if t.assigned {
                format!("{}/{}", t.tally.done, t.tally.of)
            } else {
                "-".into()
            };
            out.push_str(&format!(",{shown},{},{met}", t.tally.ms / 60_000));
        }
        out.push_str("\r\n");
    }
    let mut r = ([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], out).into_response();
    if let Ok(v) = HeaderValue::from_str(&format!(
        "attachment; filename=\"tabula-class-{id}-progress.csv\""
    )) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(r)
}

/// A time as `YYYY-MM-DD HH:MM`, UTC.
fn utc_minute(ms: u64) -> String {
    let (y, m, d) = crate::rooms::pgn::civil_date(ms);
    let minutes = ms / 60_000 % (24 * 60);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

async fn my_assignments(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<MyAssignments>, ApiError> {
    let me = me(&state, &headers).await?;
    Ok(Json(
        progress::my_assignments(state.hub.store.as_ref(), me.id).await?,
    ))
}

async fn student_puzzles(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, name)): Path<(String, String)>,
) -> Result<Json<StudentPuzzles>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = state.hub.store.as_ref();
    let class = classes::taught(store, &id, me.id).await?;
    let student = crate::moderation::actions::account_named(store, &name).await?;
    if !matches!(
        store.membership(&class.id, student.id).await?,
        Some((Role::Student, _))
    ) {
        return Err(ApiError::NotFound(
            Missing::Player,
            format!("{} is no student of this class", student.name),
        ));
    }
    let tries = store
        .puzzle_tries(student.id, 100)
        .await?
        .into_iter()
        .map(|t| TriedPuzzle {
            puzzle: t.puzzle,
            game: t.game,
            themes: t.themes,
            rating: t.rating.round(),
            solved: t.solved,
            at: t.at,
        })
        .collect();
    Ok(Json(StudentPuzzles {
        username: student.name,
        tries,
    }))
}

/// A class's room by its path's name, for a member of the class.
fn room_of(class: &str, name: &str) -> Result<Room, ApiError> {
    match name {
        "news" => Ok(Room::ClassNews(class.to_string())),
        "students" => Ok(Room::Class(class.to_string())),
        _ => Err(ApiError::NotFound(
            Missing::Endpoint,
            format!(
                "no room `{}` in a class (news or students)",
                name.chars().take(20).collect::<String>()
            ),
        )),
    }
}

async fn read_room(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, name)): Path<(String, String)>,
    Query(q): Query<After>,
) -> Result<Json<ChatView>, ApiError> {
    let me = me(&state, &headers).await?;
    let InClass { class, .. } = classes::member(state.hub.store.as_ref(), &id, me.id).await?;
    let room = room_of(&class.id, &name)?;
    Ok(Json(
        chat::read(&state.hub, &room, Some(&me), q.after).await?,
    ))
}

async fn write_room(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path((id, name)): Path<(String, String)>,
    Body(body): Body<RoomMessage>,
) -> Result<Json<RoomWritten>, ApiError> {
    let me = me(&state, &headers).await?;
    let InClass { class, role } = classes::member(state.hub.store.as_ref(), &id, me.id).await?;
    let room = room_of(&class.id, &name)?;
    match (&room, role) {
        (Room::ClassNews(_), Role::Student) => {
            return Err(ApiError::Forbidden(
                Denied::TeachersOnly,
                "only the class's teachers write its news".into(),
            ));
        }
        (Room::Class(_), Role::Student) if !class.student_chat => {
            return Err(ApiError::Forbidden(
                Denied::StudentChat,
                "the class's room is closed: its teacher has not opened it".into(),
            ));
        }
        _ => {}
    }
    let id = chat::write(&state.hub, &room, &[], &me, ip, &body.text).await?;
    Ok(Json(RoomWritten { id }))
}
