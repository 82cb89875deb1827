//! Koma's lessons and exercises.
//!
//! A **course** is a game's lessons ([`course()`]), read from the game's lesson file
//! (`crates/learn/lessons/<game>.toml`, one a game id, data a teacher can add to). A lesson is
//! a list of **steps**; a step is a position, a [`goal::Goal`] the rules judge (reach cells,
//! take pieces, mate, win, escape a check, try the move a rule forbids, choose or decline a
//! promotion), the fewest moves it takes (its par, for the stars), whether the opponents
//! answer, and a short text in English and Japanese.
//!
//! A step being played is an [`judge::Exercise`]: the learner's tries are judged by the rules,
//! never against a list of expected moves, and a wrong try is answered with the rule's name.
//! [`solve::solve`] proves a step can be done within its par; the crate's tests walk every
//! step of every course with it.

pub mod course;
pub mod goal;
pub mod judge;
pub mod solve;

pub use course::{Course, CourseError, Lesson, Reply, Step, Text, course};
pub use goal::{Goal, GoalError};
pub use judge::{Exercise, Verdict, Wrong};
