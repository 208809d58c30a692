//! Censuses of families of games for cgt: every octal code up to a
//! length, every subtraction set up to a size, or a file of games; one
//! question asked of each (`period`, `values`, …); one row per game in a
//! table that a stopped run resumes.
//!
//! Shared by the `cgt census` command (which runs each game in a child
//! process of its own) and the Python `cgt.census` (on any
//! `concurrent.futures` executor), so that both list the same members and
//! write the same rows and files.
//!
//! The modules, a file each: [`family`] (the members of a family, and
//! which are the same game), [`ask`] (the questions, and the rows this
//! library computes), [`row`] (a row: a flat JSON object, read and
//! written), [`table`] (the journal and the Parquet file), [`memory`] (the
//! peak memory of a game's run), [`cpu`] (its CPU time).
//!
//! # Example
//! ```
//! use cgt_census::{Ask, family, row};
//! let members = family::members("octal:1", true).unwrap();
//! let rows: Vec<_> = members.iter().map(|m| row(&m.game, Ask::Period, Some(1 << 10)).unwrap()).collect();
//! assert_eq!(rows.len(), 7);
//! assert_eq!(rows[6].get("game"), Some("\"0.7\""));
//! assert_eq!(rows[6].get("status"), Some("\"certified\""));
//! ```

pub mod ask;
pub mod cpu;
pub mod family;
pub mod memory;
pub mod row;
pub mod table;

pub use ask::{Ask, row};
pub use row::{Cost, Row};
