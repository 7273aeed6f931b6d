//! Classes over HTTP (issue #55): make a class, its members (accounts made for children, with
//! their passwords shown once; accounts joining by code; co-teachers), and their changes
//! (a password reset, a student removed, archived or back, a student leaving). Assignments,
//! progress and the class's rooms are in [`super::class_work`].

use super::{AppState, Body, ClientIp};
use crate::classes::{self, InClass, MAX_DESCRIPTION, MAX_NAME, MAX_STUDENTS, MAX_TAUGHT};
use crate::error::{ApiError, Clash, Denied, Missing, Rule, SignIn};
use crate::ids::{now_ms, random_hex};
use crate::limits::Limited;
use crate::moderation::actions::account_named;
use crate::players::accounts::{check_name, hash_password};
use crate::players::signed_in;
use crate::store::classes::{ClassRecord, Member, Role, Standing};
use crate::store::players::Account;
use crate::text::{Flagged, written};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

super::contract::json_routes! {
    get "/api/classes" => list -> ClassList;
    post "/api/classes" => create(NewClass) -> ClassMade;
    post "/api/classes/join" => join(JoinClass) -> ClassView;
    get "/api/classes/{id}" => show -> ClassView;
    post "/api/classes/{id}/settings" => settings(ClassSettings) -> ClassView;
    post "/api/classes/{id}/students" => make_student(NewStudent) -> MadeStudent;
    // password, remove, archive, restore
    post "/api/classes/{id}/students/{name}/{change}" => change_student -> StudentChanged;
    post "/api/classes/{id}/teachers" => add_teacher(NewTeacher) -> ClassView;
    post "/api/classes/{id}/leave" => leave -> ClassView;
}

/// The signed-in account (401 for a guest).
pub(super) async fn me(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers)
        .await?
        .ok_or_else(|| ApiError::Unauthorized(SignIn::Needed, "sign in to use classes".into()))
}

/// A class in a list.
#[derive(Serialize, TS)]
pub struct ClassSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// `teacher` or `student`.
    pub role: String,
    /// How many students it has now.
    pub students: u32,
    /// Whether it is archived.
    pub archived: bool,
}

/// `GET /api/classes`: the classes the signed-in account teaches or is in.
#[derive(Serialize, TS)]
pub struct ClassList {
    /// Its classes, newest first.
    pub classes: Vec<ClassSummary>,
    /// Whether a teacher made this account (it then joins classes only by a teacher's hand
    /// or code, and is safe by default).
    pub class_account: bool,
}

/// A new class.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewClass {
    /// Its name.
    pub name: String,
    /// What it is.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub description: Option<String>,
}

/// A class made.
#[derive(Serialize, TS)]
pub struct ClassMade {
    /// Its id.
    pub id: String,
    /// What students type to join.
    pub code: String,
}

/// A class's code typed by a student.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct JoinClass {
    /// The code (any case; spaces and dashes are ignored).
    pub code: String,
}

/// A member as the class page shows them.
#[derive(Serialize, TS)]
pub struct MemberView {
    /// Their name.
    pub username: String,
    /// Whether a teacher made the account.
    pub made: bool,
    /// `active`, `left`, `removed` or `archived` (teachers see all; students the active).
    pub standing: String,
}

/// `GET /api/classes/{id}`: a class as the asker may see it.
#[derive(Serialize, TS)]
pub struct ClassView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What the teacher says of it.
    pub description: String,
    /// The asker's role: `teacher` or `student`.
    pub role: String,
    /// The join code (teachers only).
    pub code: Option<String>,
    /// Whether its students may write to each other in its room.
    pub student_chat: bool,
    /// Whether the accounts made for it may play rated games.
    pub rated_games: bool,
    /// Whether it is archived.
    pub archived: bool,
    /// Its teachers, by name.
    pub teachers: Vec<String>,
    /// Its students (the active ones for a student; every one for a teacher).
    pub students: Vec<MemberView>,
}

/// A class's settings changed (only what is given changes).
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ClassSettings {
    /// A new name.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub name: Option<String>,
    /// A new description.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub description: Option<String>,
    /// Students write to each other.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub student_chat: Option<bool>,
    /// Accounts made for the class play rated games.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub rated_games: Option<bool>,
    /// Archive the class (or bring it back).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub archived: Option<bool>,
}

/// An account to make for a student.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewStudent {
    /// Its name (the rules of every account's name).
    pub username: String,
}

/// An account made: its password is shown this once (print the log-in cards now).
#[derive(Serialize, TS)]
pub struct MadeStudent {
    /// The name.
    pub username: String,
    /// The password.
    pub password: String,
}

/// A student changed; a reset password is shown this once.
#[derive(Serialize, TS)]
pub struct StudentChanged {
    /// The student.
    pub username: String,
    /// Their standing now.
    pub standing: String,
    /// A new password, after a reset.
    pub password: Option<String>,
}

/// An existing account to make a teacher of the class.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewTeacher {
    /// Its name.
    pub username: String,
}

/// A name or a description as a child may read it: one line, the listed words refused.
fn class_text(text: &str, field: &str, max: usize) -> Result<String, ApiError> {
    written(text, field, max, Flagged::Refused)
}

fn view(class: &ClassRecord, role: Role, members: &[Member]) -> ClassView {
    let teacher = role == Role::Teacher;
    ClassView {
        id: class.id.clone(),
        name: class.name.clone(),
        description: class.description.clone(),
        role: role.name().into(),
        code: teacher.then(|| class.code.clone()),
        student_chat: class.student_chat,
        rated_games: class.rated_games,
        archived: class.archived.is_some(),
        teachers: members
            .iter()
            .filter(|m| m.role == Role::Teacher && m.standing == Standing::Active)
            .map(|m| m.name.clone())
            .collect(),
        students: members
            .iter()
            .filter(|m| m.role == Role::Student && (teacher || m.standing == Standing::Active))
            .map(|m| MemberView {
                username: m.name.clone(),
                made: m.made,
                standing: m.standing.name().into(),
            })
            .collect(),
    }
}

async fn view_of(state: &AppState, class: &ClassRecord, role: Role) -> Result<ClassView, ApiError> {
    let members = state.hub.store.members(&class.id).await?;
    Ok(view(class, role, &members))
}

async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<ClassList>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = &state.hub.store;
    let mut classes = Vec::new();
    for (class, role) in store.classes_of(me.id).await? {
        let members = store.members(&class.id).await?;
        classes.push(ClassSummary {
            students: members
                .iter()
                .filter(|m| m.role == Role::Student && m.standing == Standing::Active)
                .count() as u32,
            id: class.id,
            name: class.name,
            role: role.name().into(),
            archived: class.archived.is_some(),
        });
    }
    let class_account = classes::guard::is_class_account(store.as_ref(), me.id).await?;
    Ok(Json(ClassList {
        classes,
        class_account,
    }))
}

async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(body): Body<NewClass>,
) -> Result<Json<ClassMade>, ApiError> {
    let me = me(&state, &headers).await?;
    state.hub.sanctions.may_play(Some(ip), Some(me.id))?;
    let store = &state.hub.store;
    if classes::guard::is_class_account(store.as_ref(), me.id).await? {
        return Err(ApiError::Forbidden(
            Denied::ClassAccount,
            "an account a teacher made does not make classes".into(),
        ));
    }
    let taught = store
        .classes_of(me.id)
        .await?
        .iter()
        .filter(|(_, r)| *r == Role::Teacher)
        .count();
    if taught >= MAX_TAUGHT {
        return Err(ApiError::Conflict(
            Clash::TooMany,
            format!("you teach {taught} classes, the most there may be: archive one first"),
        ));
    }
    let name = class_text(&body.name, "name", MAX_NAME)?;
    let description = match body.description.as_deref().map(str::trim) {
        Some(d) if !d.is_empty() => class_text(d, "description", MAX_DESCRIPTION)?,
        _ => String::new(),
    };
    // a code taken by another class is drawn again (eight of 31 characters: rarely)
    for _ in 0..8 {
        let class = ClassRecord {
            id: random_hex(6),
            name: name.clone(),
            description: description.clone(),
            code: classes::new_code(),
            creator: me.id,
            created: now_ms(),
            student_chat: false,
            rated_games: false,
            archived: None,
        };
        if store.create_class(&class).await? {
            return Ok(Json(ClassMade {
                id: class.id,
                code: class.code,
            }));
        }
    }
    Err(ApiError::Conflict(
        Clash::State,
        "no free class code was found: try again".into(),
    ))
}

async fn join(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(body): Body<JoinClass>,
) -> Result<Json<ClassView>, ApiError> {
    let me = me(&state, &headers).await?;
    let code: String = body
        .code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .take(16)
        .collect();
    let store = &state.hub.store;
    let class = store.class_by_code(&code).await?.ok_or_else(|| {
        ApiError::NotFound(Missing::Class, format!("no class has the code `{code}`"))
    })?;
    match store.membership(&class.id, me.id).await? {
        Some((role, Standing::Active)) => {
            return Err(ApiError::Conflict(
                Clash::Member,
                format!("you are in {} already, as a {}", class.name, role.name()),
            ));
        }
        Some((_, Standing::Removed)) => {
            return Err(ApiError::Forbidden(
                Denied::TeachersOnly,
                format!(
                    "a teacher removed you from {}: only a teacher brings you back",
                    class.name
                ),
            ));
        }
        _ => {}
    }
    let members = store.members(&class.id).await?;
    full_check(&members)?;
    store
        .put_member(&class.id, me.id, Role::Student, now_ms())
        .await?;
    view_of(&state, &class, Role::Student).await.map(Json)
}

/// Refuses a student more to a class that holds [`MAX_STUDENTS`].
fn full_check(members: &[Member]) -> Result<(), ApiError> {
    let n = members
        .iter()
        .filter(|m| m.role == Role::Student && m.standing == Standing::Active)
        .count();
    if n >= MAX_STUDENTS {
        return Err(ApiError::Conflict(
            Clash::Full,
            format!("the class has {n} students, the most a class holds"),
        ));
    }
    Ok(())
}

async fn show(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ClassView>, ApiError> {
    let me = me(&state, &headers).await?;
    let InClass { class, role } = classes::member(state.hub.store.as_ref(), &id, me.id).await?;
    view_of(&state, &class, role).await.map(Json)
}

async fn settings(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(body): Body<ClassSettings>,
) -> Result<Json<ClassView>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = &state.hub.store;
    let mut class = classes::taught(store.as_ref(), &id, me.id).await?;
    if let Some(n) = &body.name {
        class.name = class_text(n, "name", MAX_NAME)?;
    }
    if let Some(d) = &body.description {
        class.description = if d.trim().is_empty() {
            String::new()
        } else {
            class_text(d, "description", MAX_DESCRIPTION)?
        };
    }
    class.student_chat = body.student_chat.unwrap_or(class.student_chat);
    class.rated_games = body.rated_games.unwrap_or(class.rated_games);
    match body.archived {
        Some(true) if class.archived.is_none() => class.archived = Some(now_ms()),
        Some(false) => class.archived = None,
        _ => {}
    }
    store.update_class(&class).await?;
    view_of(&state, &class, Role::Teacher).await.map(Json)
}

async fn make_student(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(body): Body<NewStudent>,
) -> Result<Json<MadeStudent>, ApiError> {
    let me = me(&state, &headers).await?;
    state.hub.sanctions.may_play(Some(ip), Some(me.id))?;
    let store = &state.hub.store;
    let class = classes::taught(store.as_ref(), &id, me.id).await?;
    full_check(&store.members(&class.id).await?)?;
    state.hub.addresses.check(Limited::MadeAccount, ip)?;
    let username = body.username.trim().to_string();
    check_name(&username)?;
    let password = classes::new_password();
    let hash = hash_password(password.clone()).await?;
    match store
        .make_class_account(&class.id, me.id, &username, &hash, now_ms())
        .await?
    {
        Some(_) => Ok(Json(MadeStudent { username, password })),
        None => Err(ApiError::Conflict(
            Clash::NameTaken,
            format!("username: `{username}` is taken"),
        )),
    }
}

/// What a teacher does to a student.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// A new password (a class account's only), its sessions ended.
    Password,
    /// Out of the class.
    Remove,
    /// Out of the table, kept in the records.
    Archive,
    /// Back in the class.
    Restore,
}

impl Change {
    fn parse(s: &str) -> Result<Change, ApiError> {
        match s {
            "password" => Ok(Change::Password),
            "remove" => Ok(Change::Remove),
            "archive" => Ok(Change::Archive),
            "restore" => Ok(Change::Restore),
            _ => Err(ApiError::NotFound(
                Missing::Endpoint,
                format!(
                    "no `{}` for a student (password, remove, archive or restore)",
                    s.chars().take(20).collect::<String>()
                ),
            )),
        }
    }
}

async fn change_student(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path((id, name, change)): Path<(String, String, String)>,
) -> Result<Json<StudentChanged>, ApiError> {
    let change = Change::parse(&change)?;
    let me = me(&state, &headers).await?;
    let store = &state.hub.store;
    let class = classes::taught(store.as_ref(), &id, me.id).await?;
    let student = account_named(store.as_ref(), &name).await?;
    let Some((Role::Student, standing)) = store.membership(&class.id, student.id).await? else {
        return Err(ApiError::NotFound(
            Missing::Player,
            format!("{} is no student of this class", student.name),
        ));
    };
    let now = now_ms();
    let mut password = None;
    let standing = match change {
        Change::Password => {
            state.hub.addresses.check(Limited::Login, ip)?;
            if store.made_in(student.id).await?.is_none() {
                return Err(ApiError::Refused(
                    Rule::NotMade,
                    format!(
                        "{} made their own account: only they change its password",
                        student.name
                    ),
                ));
            }
            let new = classes::new_password();
            store
                .set_password(student.id, &hash_password(new.clone()).await?)
                .await?;
            store.delete_sessions(student.id).await?;
            password = Some(new);
            standing
        }
        Change::Remove | Change::Archive | Change::Restore => {
            let to = match change {
                Change::Remove => Standing::Removed,
                Change::Archive => Standing::Archived,
                _ => Standing::Active,
            };
            if to == Standing::Active && standing != Standing::Active {
                full_check(&store.members(&class.id).await?)?;
            }
            store.set_standing(&class.id, student.id, to, now).await?;
            to
        }
    };
    Ok(Json(StudentChanged {
        username: student.name,
        standing: standing.name().into(),
        password,
    }))
}

async fn add_teacher(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(body): Body<NewTeacher>,
) -> Result<Json<ClassView>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = &state.hub.store;
    let class = classes::taught(store.as_ref(), &id, me.id).await?;
    let other = account_named(store.as_ref(), &body.username).await?;
    if classes::guard::is_class_account(store.as_ref(), other.id).await? {
        return Err(ApiError::Refused(
            Rule::Refused,
            format!(
                "{} is a class account: a teacher's account is one its owner made",
                other.name
            ),
        ));
    }
    if let Some((Role::Teacher, Standing::Active)) = store.membership(&class.id, other.id).await? {
        return Err(ApiError::Conflict(
            Clash::Member,
            format!("{} teaches this class already", other.name),
        ));
    }
    store
        .put_member(&class.id, other.id, Role::Teacher, now_ms())
        .await?;
    view_of(&state, &class, Role::Teacher).await.map(Json)
}

async fn leave(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ClassView>, ApiError> {
    let me = me(&state, &headers).await?;
    let store = &state.hub.store;
    let InClass { class, role } = classes::member(store.as_ref(), &id, me.id).await?;
    let members = store.members(&class.id).await?;
    if role == Role::Teacher
        && members
            .iter()
            .filter(|m| m.role == Role::Teacher && m.standing == Standing::Active)
            .count()
            <= 1
    {
        return Err(ApiError::Refused(
            Rule::LastTeacher,
            "you are the class's only teacher: add another, or archive the class".into(),
        ));
    }
    store
        .set_standing(&class.id, me.id, Standing::Left, now_ms())
        .await?;
    view_of(&state, &class, role).await.map(Json)
}
