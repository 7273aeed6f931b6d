//! Moderation: the moderators' actions ([`actions`], [`tournaments`]), shared by the moderation page
//! (`/api/admin/...`) and `tabula site admin`; what the server enforces of them is
//! [`crate::sanctions`].

pub mod actions;
pub mod tournaments;

pub use crate::sanctions::{Sanctions, parse_network};
