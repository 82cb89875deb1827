//! A line of the puzzle collection (`web/puzzles/puzzles.tsv`), the one format that
//! `koma puzzles generate` writes, `koma puzzles check` proves and the app reads: eight fields
//! separated by tabs, `id game position moves plies themes rating source`.
//!
//! - `id`: `<game>-<16 hex digits>` (the position's hash), stable;
//! - `position` and `moves`: the game's own notation, the moves separated by spaces, the side
//!   to move's first;
//! - `plies`: how many moves `moves` holds;
//! - `themes`: separated by commas (`mate`, `mateIn<N>`, `advantage`, `defence`, `material`,
//!   `promotion`);
//! - `rating`: the puzzle's starting rating, a whole number;
//! - `source`: where it was found (`seed <s> ply <p>` of the generator's games).
//!
//! [`Line::read`] checks the fields' shape (their count, the game, the id, the plies, the
//! rating); reading the position and the moves is the caller's, with the rules.

use std::fmt;

use koma_rules::GameId;

/// One puzzle as the collection holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// `<game>-<hash>`.
    pub id: String,
    /// The game.
    pub game: GameId,
    /// The position, in the game's notation.
    pub position: String,
    /// The solution, in the game's move notation.
    pub moves: Vec<String>,
    /// Its themes.
    pub themes: Vec<String>,
    /// Its starting rating.
    pub rating: u32,
    /// Where it was found.
    pub source: String,
}

/// Why a line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Not eight fields.
    #[error("{0} fields, not 8")]
    Fields(usize),
    /// The game is none of Koma's.
    #[error("no game {0:?}")]
    Game(String),
    /// The id does not start with the game's.
    #[error("id {0:?} is not the game's")]
    Id(String),
    /// No position, or no moves.
    #[error("no position or no moves")]
    Empty,
    /// The plies are not the moves' count.
    #[error("{plies} plies for {moves} moves")]
    Plies {
        /// The field.
        plies: String,
        /// The moves counted.
        moves: usize,
    },
    /// The rating is no whole number.
    #[error("rating {0:?}")]
    Rating(String),
}

impl Line {
    /// Whether it is a mate puzzle.
    pub fn is_mate(&self) -> bool {
        self.has("mate")
    }

    /// Whether it has `theme`.
    pub fn has(&self, theme: &str) -> bool {
        self.themes.iter().any(|t| t == theme)
    }

    /// Read one line of the collection.
    ///
    /// # Errors
    /// The first field that is not as the format says.
    pub fn read(text: &str) -> Result<Line, LineError> {
        let f: Vec<&str> = text.split('\t').collect();
        let [id, game, position, moves, plies, themes, rating, source] = f.as_slice() else {
            return Err(LineError::Fields(f.len()));
        };
        let game: GameId = game
            .parse()
            .map_err(|_| LineError::Game(game.to_string()))?;
        if !id.starts_with(&format!("{game}-")) {
            return Err(LineError::Id(id.to_string()));
        }
        if position.is_empty() || moves.is_empty() {
            return Err(LineError::Empty);
        }
        let moves: Vec<String> = moves.split(' ').map(str::to_string).collect();
        if plies.parse::<usize>().ok() != Some(moves.len()) {
            return Err(LineError::Plies {
                plies: plies.to_string(),
                moves: moves.len(),
            });
        }
        Ok(Line {
            id: id.to_string(),
            game,
            position: position.to_string(),
            moves,
            themes: themes.split(',').map(str::to_string).collect(),
            rating: rating
                .parse()
                .map_err(|_| LineError::Rating(rating.to_string()))?,
            source: source.to_string(),
        })
    }
}

impl fmt::Display for Line {
    /// The line as the collection holds it (no line break).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.game,
            self.position,
            self.moves.join(" "),
            self.moves.len(),
            self.themes.join(","),
            self.rating,
            self.source
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written_and_each_fault_is_named() {
        let text = "minishogi-00000000000000ab\tminishogi\trbsgk/4p/5/P4/KGSBR b - 1\t\
                    5e4d 1a2b\t2\tmate,mateIn1\t800\tseed 1 ply 4";
        let line = Line::read(text).unwrap();
        assert_eq!(line.game, GameId::Minishogi);
        assert_eq!(line.moves, ["5e4d", "1a2b"]);
        assert_eq!(line.themes, ["mate", "mateIn1"]);
        assert_eq!((line.rating, line.source.as_str()), (800, "seed 1 ply 4"));
        assert_eq!(line.to_string(), text);
        let with = |i: usize, field: &str| {
            let mut f: Vec<&str> = text.split('\t').collect();
            f[i] = field;
            Line::read(&f.join("\t"))
        };
        assert_eq!(Line::read("a\tb"), Err(LineError::Fields(2)));
        assert_eq!(with(1, "go"), Err(LineError::Game("go".into())));
        assert_eq!(
            with(0, "shogi-00ab"),
            Err(LineError::Id("shogi-00ab".into()))
        );
        assert_eq!(with(3, ""), Err(LineError::Empty));
        assert_eq!(
            with(4, "3"),
            Err(LineError::Plies {
                plies: "3".into(),
                moves: 2
            })
        );
        assert_eq!(with(6, "high"), Err(LineError::Rating("high".into())));
    }
}
